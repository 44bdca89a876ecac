import {
  CUSTOMER_COLUMNS,
  type CustomerColumns,
  customerFromColumns,
  customerPosition,
  type CustomerRow,
} from './customer.mapper';

/** The row as sqlTuples gives it when CUSTOMER_COLUMNS are selected. */
const tuple = (row: CustomerRow) =>
  CUSTOMER_COLUMNS.map((column) => row[column]) as unknown as CustomerColumns;

// A distinct value in every column shows that CUSTOMER_COLUMNS and the mapper agree on each column's
// position.
describe('customer mappers', () => {
  it('answers every column from its own position', () => {
    expect(
      customerFromColumns(
        tuple({
          id: '6f1c1f7e-0000-4000-8000-000000000001',
          name: 'María García',
          email: 'maria@example.com',
          phone: '+34600000001',
          platform: 'instagram',
          platform_username: 'maria.g',
          stage: 'qualified',
          status: 'active',
          source: 'social_media',
          tags: ['vip'],
          interest: 'linen shirts',
          notes: 'Prefers WhatsApp',
          last_contact: '2026-11-24 15:48:48.123456+00',
          created_at: '2026-11-01 09:00:00+00',
        }),
      ),
    ).toEqual({
      id: '6f1c1f7e-0000-4000-8000-000000000001',
      name: 'María García',
      email: 'maria@example.com',
      phone: '+34600000001',
      platform: 'instagram',
      platformUsername: 'maria.g',
      stage: 'qualified',
      status: 'active',
      source: 'social_media',
      tags: ['vip'],
      interest: 'linen shirts',
      notes: 'Prefers WhatsApp',
      lastContact: '2026-11-24T15:48:48.123Z',
    });
  });

  it("reads a row's list position by column name: its created_at as PostgreSQL sent it, and its id", () => {
    const row = CUSTOMER_COLUMNS.map((column) => `value of ${column}`) as unknown as CustomerColumns;
    expect(customerPosition(row)).toEqual({ at: 'value of created_at', id: 'value of id' });
  });
});

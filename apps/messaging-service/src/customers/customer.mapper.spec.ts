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
          page_id: '1784523',
          last_inbound_at: '2026-11-24 15:48:40.5+00',
          ai_paused_until: '2999-01-01 00:00:00+00',
          is_test: false,
          stage_changed_at: '2026-11-20 08:30:00+00',
          last_message_preview: 'Is the linen shirt back?',
          lead_value: '1299.50',
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
      lastInboundAt: '2026-11-24T15:48:40.500Z',
      reachable: true,
      aiPausedUntil: '2999-01-01T00:00:00.000Z',
      isTest: false,
      stageChangedAt: '2026-11-20T08:30:00.000Z',
      lastMessage: 'Is the linen shirt back?',
      leadValue: 1299.5,
    });
  });

  // Simulated (wrote through no connected channel), its AI pause over.
  const simulated: CustomerRow = {
    id: '6f1c1f7e-0000-4000-8000-000000000003',
    name: 'Ana',
    email: null,
    phone: null,
    platform: 'instagram',
    platform_username: 'ana',
    stage: 'new',
    status: 'active',
    source: 'social_media',
    tags: [],
    interest: null,
    notes: null,
    last_contact: null,
    created_at: '2026-11-01 09:00:00+00',
    page_id: null,
    last_inbound_at: null,
    ai_paused_until: '2020-01-01 00:00:00+00',
    is_test: true,
    stage_changed_at: '2026-11-01 09:00:00+00',
    last_message_preview: null,
    lead_value: null,
  };

  it('answers a simulated customer as unreachable, and a pause that ended as none', () => {
    expect(customerFromColumns(tuple(simulated))).toMatchObject({
      isTest: true,
      reachable: false,
      lastInboundAt: null,
      aiPausedUntil: null,
      lastMessage: null,
      leadValue: null,
    });
  });

  it('answers a customer added without a username (platform manual) with an empty one', () => {
    const walkIn = tuple({
      ...simulated,
      phone: '600 000 000',
      platform: 'manual',
      platform_username: null,
      source: 'manual',
      is_test: false,
    });
    expect(customerFromColumns(walkIn)).toMatchObject({
      platform: 'manual',
      platformUsername: '',
      phone: '600 000 000',
      reachable: false,
      isTest: false,
    });
  });

  it("reads a row's list position by column name: its created_at as PostgreSQL sent it, and its id", () => {
    const row = CUSTOMER_COLUMNS.map((column) => `value of ${column}`) as unknown as CustomerColumns;
    expect(customerPosition(row)).toEqual({ at: 'value of created_at', id: 'value of id' });
  });
});

import type { CreateCustomerDto } from '@parley/contracts';
import { newCustomer } from './customers.service';

describe('newCustomer', () => {
  const dto = {
    name: 'María García',
    platform: 'instagram',
    platformUsername: 'maria.g',
  } as CreateCustomerDto;

  it('adds a customer by hand as `manual`, at `new` unless the owner chose a stage, blanks as null', () => {
    expect(newCustomer('owner', 'id', dto)).toEqual({
      id: 'id',
      ownerId: 'owner',
      name: 'María García',
      platform: 'instagram',
      platformUsername: 'maria.g',
      email: null,
      phone: null,
      interest: null,
      notes: null,
      stage: 'new',
      source: 'manual',
    });
  });

  it('keeps the stage and details the owner gave', () => {
    expect(
      newCustomer('owner', 'id', { ...dto, stage: 'qualified', email: 'maria@example.com', notes: 'VIP' }),
    ).toMatchObject({ stage: 'qualified', email: 'maria@example.com', notes: 'VIP', source: 'manual' });
  });

  it('adds a customer without a platform as `manual`, with no username', () => {
    expect(
      newCustomer('owner', 'id', { name: 'Walk-in', phone: '+34 600 000 000' } as CreateCustomerDto),
    ).toMatchObject({ platform: 'manual', platformUsername: null, phone: '+34 600 000 000', source: 'manual' });
  });
});

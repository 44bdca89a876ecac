import { validateDto } from '../../validation/validate-dto';
import { UpdateCustomerDto } from './update-customer.dto';

describe('UpdateCustomerDto', () => {
  it.each(['new', 'interested', 'qualified', 'follow-up', 'converted'])('accepts stage %s', (stage) => {
    expect(validateDto(UpdateCustomerDto, { stage })).toEqual({ ok: true, value: { stage } });
  });

  it.each([
    [{}, 'Stage is required'],
    [{ stage: 'lost' }, 'Stage must be one of: new, interested, qualified, follow-up, converted'],
    [{ stage: 'new', name: 'x' }, 'Unknown field "name"'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(UpdateCustomerDto, body)).toMatchObject({ ok: false, message });
  });
});

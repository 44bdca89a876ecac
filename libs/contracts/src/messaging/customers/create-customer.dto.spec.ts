import { validateDto } from '../../validation/validate-dto';
import { CreateCustomerDto } from './create-customer.dto';

const valid = { name: 'Ana Ruiz', platform: 'whatsapp', platformUsername: '+34 600 000 000' };

describe('CreateCustomerDto', () => {
  it('accepts the required fields alone', () => {
    expect(validateDto(CreateCustomerDto, valid)).toMatchObject({ ok: true, value: valid });
  });

  it('accepts every optional field and reads blank ones as null', () => {
    const full = {
      ...valid,
      email: 'ana@example.com',
      phone: '+34 (600) 000-000',
      interest: 'Wedding cakes',
      notes: 'Prefers mornings',
      stage: 'interested',
    };
    expect(validateDto(CreateCustomerDto, full)).toMatchObject({ ok: true, value: full });
    expect(validateDto(CreateCustomerDto, { ...valid, email: '  ', phone: '', notes: ' ' })).toMatchObject({
      ok: true,
      value: { email: null, phone: null, notes: null },
    });
  });

  it.each([
    [{ ...valid, name: ' ' }, 'Name is required'],
    [{ ...valid, name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
    [
      { ...valid, platform: 'sms' },
      'Platform must be one of: facebook, instagram, twitter, whatsapp, manual',
    ],
    [{ ...valid, platform: null }, 'Platform must be one of: facebook, instagram, twitter, whatsapp, manual'],
    [{ ...valid, platformUsername: undefined }, 'Platform username is required'],
    [{ ...valid, platformUsername: '  ', email: 'ana@example.com' }, 'Platform username is required'],
    [{ ...valid, platformUsername: 42 }, 'Platform username must be text'],
    [{ ...valid, platformUsername: 'x'.repeat(201) }, 'Platform username must be at most 200 characters'],
    [{ ...valid, email: 'ana@' }, 'Email must be a valid email address'],
    [{ ...valid, phone: 'call me' }, 'Phone must be a valid phone number'],
    [{ ...valid, phone: '12' }, 'Phone must be a valid phone number'],
    [{ ...valid, interest: 'x'.repeat(501) }, 'Interest must be at most 500 characters'],
    [{ ...valid, notes: 'x'.repeat(5001) }, 'Notes must be at most 5000 characters'],
    [{ ...valid, stage: null }, 'Stage must be one of: new, interested, qualified, follow-up, converted'],
    [{ ...valid, stage: 'won' }, 'Stage must be one of: new, interested, qualified, follow-up, converted'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(CreateCustomerDto, body)).toMatchObject({ ok: false, message });
  });

  describe('a customer without a channel (platform manual)', () => {
    it.each([
      [{ name: 'Ana', email: 'ana@example.com' }],
      [{ name: 'Ana', phone: '+34 600 000 000' }],
      [{ name: 'Ana', platform: 'manual', platformUsername: 'ana.walk-in' }],
      [{ name: 'Ana', platform: 'manual', email: 'ana@example.com', phone: '600 000 000' }],
    ])('accepts a name and one of email, phone or username: %j', (body) => {
      expect(validateDto(CreateCustomerDto, body)).toMatchObject({ ok: true, value: body });
    });

    it.each([
      [{ name: 'Ana' }],
      [{ name: 'Ana', platform: 'manual' }],
      [{ name: 'Ana', platform: 'manual', email: ' ', phone: '', platformUsername: '  ' }],
    ])('refuses %j, naming the username', (body) => {
      expect(validateDto(CreateCustomerDto, body)).toEqual({
        ok: false,
        message: 'Email, phone or platform username is required',
        field: 'platformUsername',
      });
    });

    it('judges a bad email or phone as such, not as a missing contact', () => {
      expect(validateDto(CreateCustomerDto, { name: 'Ana', email: 'ana@' })).toMatchObject({
        ok: false,
        message: 'Email must be a valid email address',
        field: 'email',
      });
      expect(validateDto(CreateCustomerDto, { name: 'Ana', phone: 'call me' })).toMatchObject({
        ok: false,
        field: 'phone',
      });
    });
  });
});

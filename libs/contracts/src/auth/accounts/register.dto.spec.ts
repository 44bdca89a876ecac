import { validateDto } from '../../validation/validate-dto';
import { RegisterDto } from './register.dto';

const valid = { email: 'owner@shop.example', password: 'Passw0rd!' };

describe('RegisterDto', () => {
  it('accepts an email and a strong password, normalising the email', () => {
    expect(validateDto(RegisterDto, { ...valid, email: '  Owner@Shop.Example ', language: 'ar' })).toEqual({
      ok: true,
      value: { ...valid, language: 'ar' },
    });
  });

  it.each([
    [{ password: valid.password }, 'Please enter your email address'],
    [{ ...valid, email: '   ' }, 'Please enter your email address'],
    [{ ...valid, email: 'owner@' }, 'Please enter a valid email address'],
    [{ ...valid, email: 42 }, 'Please enter a valid email address'],
    [{ email: valid.email }, 'Password is required'],
    [{ ...valid, password: 'password' }, 'Password must contain at least one uppercase letter'],
    [{ ...valid, password: 'aaaaaaaA1!' }, 'No character can repeat more than twice'],
    [{ ...valid, language: 'fr' }, 'Language must be one of: en, ar, es'],
    [{ ...valid, name: 'Owner' }, 'Unknown field "name"'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(RegisterDto, body)).toMatchObject({ ok: false, message });
  });
});

import { validateDto } from '../../validation/validate-dto';
import { ForgotPasswordDto } from './forgot-password.dto';

describe('ForgotPasswordDto', () => {
  it('accepts an email with an optional language', () => {
    expect(validateDto(ForgotPasswordDto, { email: 'A@B.example' })).toMatchObject({
      ok: true,
      value: { email: 'a@b.example' },
    });
    expect(validateDto(ForgotPasswordDto, { email: 'a@b.example', language: 'es' })).toMatchObject({
      ok: true,
    });
  });

  it.each([
    [{}, 'Please enter your email address'],
    [{ email: 'a@b' }, 'Please enter a valid email address'],
    [{ email: 'a@b.example', language: 'EN' }, 'Language must be one of: en, ar, es'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(ForgotPasswordDto, body)).toMatchObject({ ok: false, message });
  });
});

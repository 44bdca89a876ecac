import { validateDto } from '../../validation/validate-dto';
import { ResendVerificationDto } from './resend-verification.dto';

describe('ResendVerificationDto', () => {
  it('accepts an email with an optional language', () => {
    expect(validateDto(ResendVerificationDto, { email: 'a@b.example', language: 'ar' })).toEqual({
      ok: true,
      value: { email: 'a@b.example', language: 'ar' },
    });
  });

  it.each([
    [{}, 'Please enter your email address'],
    [{ email: '' }, 'Please enter your email address'],
    [{ email: 'a b@c.example' }, 'Please enter a valid email address'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(ResendVerificationDto, body)).toMatchObject({ ok: false, message });
  });
});

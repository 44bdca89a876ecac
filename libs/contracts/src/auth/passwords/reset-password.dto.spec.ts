import { validateDto } from '../../validation/validate-dto';
import { ResetPasswordDto } from './reset-password.dto';

describe('ResetPasswordDto', () => {
  it('accepts a token and a strong password', () => {
    expect(validateDto(ResetPasswordDto, { token: ' abc123 ', password: 'N3w-Secret' })).toEqual({
      ok: true,
      value: { token: 'abc123', password: 'N3w-Secret' },
    });
  });

  it.each([
    [{ password: 'N3w-Secret' }, 'Reset token is required'],
    [{ token: '', password: 'N3w-Secret' }, 'Reset token is required'],
    [{ token: 'x'.repeat(513), password: 'N3w-Secret' }, 'Reset token must be at most 512 characters'],
    [{ token: 'abc' }, 'Password is required'],
    [{ token: 'abc', password: 'Short1!' }, 'Password must be at least 8 characters'],
    [{ token: 'abc', password: 'NoDigits!' }, 'Password must contain at least one number'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(ResetPasswordDto, body)).toMatchObject({ ok: false, message });
  });
});

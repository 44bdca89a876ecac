import { validateDto } from '../../validation/validate-dto';
import { LoginDto } from './login.dto';

describe('LoginDto', () => {
  it('accepts any non-empty password, even one today’s rules would refuse', () => {
    expect(validateDto(LoginDto, { email: 'a@b.example', password: 'old' })).toEqual({
      ok: true,
      value: { email: 'a@b.example', password: 'old' },
    });
  });

  it('keeps the password exactly as typed', () => {
    expect(validateDto(LoginDto, { email: 'a@b.example', password: ' spaced ' })).toMatchObject({
      value: { password: ' spaced ' },
    });
  });

  it.each([
    [{ password: 'x' }, 'Please enter your email address'],
    [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'a@b.example' }, 'Password is required'],
    [{ email: 'a@b.example', password: '' }, 'Password is required'],
    [{ email: 'a@b.example', password: 12 }, 'Password must be text'],
    [{ email: 'a@b.example', password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(LoginDto, body)).toMatchObject({ ok: false, message });
  });
});

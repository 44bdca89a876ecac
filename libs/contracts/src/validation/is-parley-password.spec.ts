import { validateDto } from './validate-dto';
import { IsParleyPassword } from './is-parley-password';

class PasswordDto {
  @IsParleyPassword()
  password!: string;
}

class CustomMessageDto {
  @IsParleyPassword({ message: 'Please ensure your password meets all requirements' })
  password!: string;
}

describe('@IsParleyPassword', () => {
  it('accepts a password that holds every rule, untouched', () => {
    expect(validateDto(PasswordDto, { password: ' Passw0rd! ' })).toEqual({
      ok: true,
      value: { password: ' Passw0rd! ' },
    });
  });

  it.each([
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    [12345678, 'Password is required'],
    ['aaa', 'Password must be at least 8 characters'],
    ['passw0rd!', 'Password must contain at least one uppercase letter'],
    ['PASSW0RD!', 'Password must contain at least one lowercase letter'],
    ['Password!', 'Password must contain at least one number'],
    ['Passw0rdd', 'Password must contain at least one special character'],
    ['Passw0rd!s', 'No character can repeat more than twice'],
    [`Aa1!${'bcdefghijklmnopqrstuvwxyz'.repeat(6)}`, 'No character can repeat more than twice'],
  ])('refuses %j with "%s"', (password, expected) => {
    expect(validateDto(PasswordDto, { password })).toMatchObject({ ok: false, message: expected });
  });

  it('refuses a password longer than 128 characters', () => {
    const long = `Aa1!${Array.from({ length: 125 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('')}`;
    expect(validateDto(PasswordDto, { password: long })).toEqual({
      ok: false,
      message: 'Password must be at most 128 characters',
      field: 'password',
    });
  });

  it('lets a caller replace the message', () => {
    expect(validateDto(CustomMessageDto, { password: 'aaa' })).toEqual({
      ok: false,
      message: 'Please ensure your password meets all requirements',
      field: 'password',
    });
  });
});

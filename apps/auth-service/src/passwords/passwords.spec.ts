import { hashPassword, isCommonPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Corr3ct-Horse!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Corr3ct-Horse!')).toBe(true);
    expect(await verifyPassword(hash, 'corr3ct-Horse!')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it.each(['Password1!', 'Qwerty123$', 'Dragon#1', 'Iloveyou2!', 'Football1?'])(
    'flags %s as common',
    (pw) => {
      expect(isCommonPassword(pw)).toBe(true);
    },
  );

  it.each(['Tq8#vLw2!xZ', 'Marmalade-Otter-41', 'Zw9$kq!Pn'])('accepts %s', (pw) => {
    expect(isCommonPassword(pw)).toBe(false);
  });
});

import { hashPassword, isCommonPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Corr3ct-Horse!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(await verifyPassword(hash, 'Corr3ct-Horse!')).toBe(true);
    expect(await verifyPassword(hash, 'corr3ct-Horse!')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('verifies hashes made with the earlier parameters and marks them for upgrade', async () => {
    // Made by the `argon2` package with the first release's 19 MiB / t=2 profile.
    const old =
      '$argon2id$v=19$m=19456,t=2,p=1$q0jW6kpVWXF75NHvBhUA6Q$bN/recDeCF9OmMmNQgXaYi/fOoKsmNEPxKRZiaGxTZE';
    expect(await verifyPassword(old, 'Corr3ct-Horse!')).toBe(true);
    expect(await verifyPassword(old, 'Wrong-Horse!1')).toBe(false);
    expect(needsRehash(old)).toBe(true);
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

import { hashToken } from '@parley/server-kit';
import { oauthBinding } from './oauth-binding';

describe('oauthBinding', () => {
  it('is the same for one session, another for another session', () => {
    expect(oauthBinding('token-a')).toBe(oauthBinding('token-a'));
    expect(oauthBinding('token-a')).not.toBe(oauthBinding('token-b'));
    expect(oauthBinding('token-a')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is not the key auth-service stores the session under', () => {
    expect(oauthBinding('token-a')).not.toBe(hashToken('token-a'));
  });
});

import { DomainException, ErrorCode } from '@parley/contracts';
import { requireChannel } from '../channel-platform';
import { CONNECT_SCOPES } from './meta-scopes';

describe('requireChannel', () => {
  it('accepts the three Meta channels', () => {
    expect(['facebook', 'instagram', 'whatsapp'].map(requireChannel)).toEqual([
      'facebook',
      'instagram',
      'whatsapp',
    ]);
  });

  it.each([
    ['twitter', 'X (Twitter) connections are not available yet.'],
    ['myspace', 'Platform must be one of: facebook, instagram, whatsapp'],
    ['Facebook', 'Platform must be one of: facebook, instagram, whatsapp'],
  ])('refuses %s as a bad platform: %s', (platform, message) => {
    let thrown: unknown;
    try {
      requireChannel(platform);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainException);
    expect(thrown).toMatchObject({
      code: ErrorCode.ValidationFailed,
      message,
      details: { field: 'platform' },
    });
  });
});

describe('CONNECT_SCOPES', () => {
  it('asks Instagram for the page scopes and its own, WhatsApp for its business scopes only', () => {
    expect(CONNECT_SCOPES.instagram).toEqual(expect.arrayContaining([...CONNECT_SCOPES.facebook]));
    expect(CONNECT_SCOPES.instagram).toEqual(
      expect.arrayContaining(['instagram_basic', 'instagram_manage_messages']),
    );
    expect(CONNECT_SCOPES.whatsapp.some((scope) => scope.startsWith('pages_'))).toBe(false);
  });
});

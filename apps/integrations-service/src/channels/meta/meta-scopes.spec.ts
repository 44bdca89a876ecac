import { DomainException, ErrorCode } from '@parley/contracts';
import { requireChannel } from '../channel-platform';
import { CONNECT_SCOPES } from './meta-scopes';

describe('requireChannel', () => {
  it("accepts Meta's three channels and X's", () => {
    expect(['facebook', 'instagram', 'whatsapp', 'twitter'].map(requireChannel)).toEqual([
      'facebook',
      'instagram',
      'whatsapp',
      'twitter',
    ]);
  });

  it.each([
    ['myspace', 'Platform must be one of: facebook, instagram, whatsapp, twitter'],
    ['Facebook', 'Platform must be one of: facebook, instagram, whatsapp, twitter'],
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

import { type HealthFacts, integrationFromRow } from './connections.mapper';

const NOW = Date.parse('2026-12-01T00:00:00Z');

const HEALTHY: HealthFacts = {
  tokenRefused: false,
  tokenChecked: true,
  tokenExpiresAt: null,
  tokenError: null,
  subscribed: true,
  subscriptionError: null,
  lastWebhookAt: '2026-11-25T10:11:12.345678+00:00',
  lastSendAt: null,
  lastSendError: null,
  failuresInRow: 0,
  checkedAt: '2026-11-30T09:00:00+00:00',
  degradedSince: null,
};

describe('integrationFromRow', () => {
  it('names the integration after its first page and lists them all', () => {
    expect(
      integrationFromRow({
        platform: 'facebook',
        is_active: true,
        is_configured: true,
        last_sync: '2026-11-25 10:11:12.345678+00',
        access_expires_at: null,
        needs_reconnect: true,
        pages: [
          { pageId: '1', pageName: 'Kestrel Coffee' },
          { pageId: '2', pageName: 'Kestrel Roasters' },
        ],
        health: HEALTHY,
      }),
    ).toEqual({
      platform: 'facebook',
      isActive: true,
      isConfigured: true,
      pageName: 'Kestrel Coffee',
      lastSync: '2026-11-25T10:11:12.345Z',
      needsReconnect: true,
      accessExpiresAt: null,
      pages: [
        { pageId: '1', pageName: 'Kestrel Coffee' },
        { pageId: '2', pageName: 'Kestrel Roasters' },
      ],
      health: {
        state: 'ok',
        problems: [],
        token: 'valid',
        tokenExpiresAt: null,
        tokenError: null,
        subscribed: true,
        subscriptionError: null,
        lastWebhookAt: '2026-11-25T10:11:12.345Z',
        lastSendAt: null,
        lastSendError: null,
        failuresInRow: 0,
        checkedAt: '2026-11-30T09:00:00.000Z',
        degradedSince: null,
      },
    });
  });

  it('says when a connected WhatsApp access ends', () => {
    expect(
      integrationFromRow({
        platform: 'whatsapp',
        is_active: true,
        is_configured: true,
        last_sync: '2026-11-25 10:11:12.345678+00',
        access_expires_at: '2027-01-24 10:11:12.345678+00',
        needs_reconnect: false,
        pages: [{ pageId: '3', pageName: '+1 555 0100' }],
        health: HEALTHY,
      }).accessExpiresAt,
    ).toBe('2027-01-24T10:11:12.345Z');
  });

  it('answers a disconnected integration with no page, no name and no end of access', () => {
    expect(
      integrationFromRow({
        platform: 'whatsapp',
        is_active: false,
        is_configured: false,
        last_sync: null,
        access_expires_at: '2027-01-24 10:11:12.345678+00',
        needs_reconnect: false,
        pages: [],
        health: { ...HEALTHY, tokenChecked: false, subscribed: null, checkedAt: null },
      }),
    ).toEqual({
      platform: 'whatsapp',
      isActive: false,
      isConfigured: false,
      pageName: null,
      lastSync: null,
      needsReconnect: false,
      accessExpiresAt: null,
      pages: [],
      health: expect.objectContaining({ state: 'disconnected', problems: [], token: 'unknown' }),
    });
  });

  it('says degraded, and why, while a problem stands; an access ending within 7 days is expiring', () => {
    const row = (health: Partial<HealthFacts>) =>
      integrationFromRow(
        {
          platform: 'whatsapp',
          is_active: true,
          is_configured: true,
          last_sync: null,
          access_expires_at: null,
          needs_reconnect: false,
          pages: [{ pageId: '3', pageName: '+1 555 0100' }],
          health: { ...HEALTHY, ...health },
        },
        NOW,
      ).health;
    expect(row({ tokenRefused: true, tokenError: 'Error validating access token' })).toMatchObject({
      state: 'degraded',
      problems: ['token_refused'],
      token: 'refused',
      tokenError: 'Error validating access token',
    });
    expect(row({ subscribed: false, subscriptionError: '(#200) Permissions error' })).toMatchObject({
      state: 'degraded',
      problems: ['subscription_missing'],
      subscriptionError: '(#200) Permissions error',
    });
    expect(
      row({ failuresInRow: 5, lastSendAt: '2026-11-30T10:00:00+00:00', lastSendError: 'Meta said no' }),
    ).toMatchObject({ state: 'degraded', problems: ['send_failures'], lastSendError: 'Meta said no' });
    expect(row({ failuresInRow: 4 })).toMatchObject({ state: 'ok', problems: [] });
    expect(row({ tokenExpiresAt: '2026-12-06T00:00:00+00:00' })).toMatchObject({
      state: 'ok',
      token: 'expiring',
      tokenExpiresAt: '2026-12-06T00:00:00.000Z',
    });
    expect(row({ tokenExpiresAt: '2027-01-30T00:00:00+00:00' }).token).toBe('valid');
    expect(row({ tokenChecked: false }).token).toBe('unknown');
  });
});

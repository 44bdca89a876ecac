import { integrationFromRow } from './connections.mapper';

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
    });
  });
});

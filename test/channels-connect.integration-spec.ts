import type { OAuthConnectResponse, SocialIntegrationResponse } from '@parley/contracts';
import { type SmtpSink, type TestInfra } from '@parley/server-kit/testing';
import { FakeMeta } from '../apps/integrations-service/src/testing/fake-meta';
import { OWNER_PASSWORD, signedInOwner } from './accounts';
import { call, cookieOf } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const APP = { appId: 'app-1', appSecret: 'secret-1' };

/**
 * Connecting a channel as the browser does, through the gateway and the whole stack, with Meta faked:
 * GET /api/auth/{platform}/connect → Meta's dialog → /api/auth/{platform}/callback → the dashboard, or
 * the wizard's error step with the reason.
 */
describe('connecting a channel over HTTP', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let fake: FakeMeta;
  let owner: { cookie: string; id: string };
  let rival: { cookie: string; id: string };

  beforeAll(async () => {
    fake = new FakeMeta(APP);
    await fake.start();
    ({ infra, smtp, stack } = await startSystemStack({
      META_APP_ID: APP.appId,
      META_APP_SECRET: APP.appSecret,
      META_GRAPH_URL: fake.graphUrl,
      META_OAUTH_URL: fake.oauthUrl,
      RECONCILE_INTERVAL_MS: '600000',
    }));
    owner = await signedInOwner(stack.url, smtp, 'owner@channels.example');
    rival = await signedInOwner(stack.url, smtp, 'owner@rival-channels.example');
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
    await fake?.stop();
  });

  const connectUrl = async (platform: string, cookie = owner.cookie) => {
    const res = await call<OAuthConnectResponse>(`${stack.url}/api/auth/${platform}/connect`, { cookie });
    expect(res.status).toBe(200);
    return new URL(res.body.authUrl);
  };

  /**
   * Follows the dialog's redirect back to the gateway's callback, in the browser of `cookie` (the owner's
   * unless told; null: a browser signed in nowhere); answers where the gateway sends the browser.
   */
  async function returnFrom(dialog: URL, cookie: string | null = owner.cookie): Promise<string> {
    const fromMeta = await fetch(dialog, { redirect: 'manual' });
    expect(fromMeta.status).toBe(302);
    const callback = fromMeta.headers.get('location') ?? '';
    expect(callback.startsWith(`${stack.url}/api/auth/`)).toBe(true);
    return callbackTo(callback, cookie);
  }

  /** Where the gateway's callback at `url` sends the browser of `cookie`. */
  async function callbackTo(url: string, cookie: string | null): Promise<string> {
    const res = await fetch(url, { redirect: 'manual', headers: cookie === null ? {} : { cookie } });
    expect(res.status).toBe(302);
    return res.headers.get('location') ?? '';
  }

  /** The code the wizard's error step shows a text for, from `/setup/{platform}?error=…` (and nothing else). */
  const reasonIn = (location: string, platform: string) => {
    const url = new URL(location, stack.url);
    expect(url.pathname).toBe(`/setup/${platform}`);
    expect([...url.searchParams.keys()]).toEqual(['error']);
    return url.searchParams.get('error');
  };

  const integrations = async (path: string, cookie = owner.cookie) => {
    const res = await call<SocialIntegrationResponse[]>(`${stack.url}/api/${path}`, { cookie });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('wants a session to start a connection, list or disconnect', async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/facebook/connect'],
      ['GET', '/api/social-integrations'],
      ['GET', '/api/social-media/integrations'],
      ['DELETE', '/api/social-integrations/facebook'],
    ]) {
      const res = await call(stack.url + path, { method });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
  });

  it('refuses an unknown platform with a 400 naming it', async () => {
    const myspace = await call(`${stack.url}/api/auth/myspace/connect`, { cookie: owner.cookie });
    expect(myspace.status).toBe(400);
    expect(myspace.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Platform must be one of: facebook, instagram, whatsapp, twitter',
      field: 'platform',
    });
    const twitter = await call(`${stack.url}/api/social-integrations/twitter`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(twitter.status).toBe(404);
    expect(twitter.body).toMatchObject({ message: 'Twitter is not connected.' });
  });

  it('connects Facebook through Meta’s dialog and returns to the dashboard', async () => {
    const dialog = await connectUrl('facebook');
    expect(`${dialog.origin}${dialog.pathname}`).toBe(fake.oauthUrl);
    expect(dialog.searchParams.get('redirect_uri')).toBe(`${stack.url}/api/auth/facebook/callback`);
    expect(dialog.searchParams.get('scope')).toContain('pages_messaging');
    expect(dialog.searchParams.get('state')).toMatch(/^[\w-]{24}\.[\w-]{43}$/);

    expect(await returnFrom(dialog)).toBe('/dashboard?connected=facebook');

    const expected = {
      platform: 'facebook',
      isActive: true,
      isConfigured: true,
      pageName: 'Kestrel Test Page',
      lastSync: expect.any(String),
      needsReconnect: false,
      accessExpiresAt: null,
      pages: [{ pageId: '20001', pageName: 'Kestrel Test Page' }],
      health: expect.objectContaining({ state: 'ok', problems: [], token: 'valid', subscribed: true }),
    };
    expect(await integrations('social-integrations')).toEqual([expected]);
    expect(await integrations('social-media/integrations')).toEqual([expected]);
    expect(await integrations('social-integrations', rival.cookie)).toEqual([]);
    expect(fake.subscriptions.has('20001')).toBe(true);
  });

  it('sends a tampered state back to the wizard with the reason, and connects nothing', async () => {
    const dialog = await connectUrl('instagram');
    const state = dialog.searchParams.get('state') ?? '';
    dialog.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    expect(reasonIn(await returnFrom(dialog), 'instagram')).toBe('invalid_state');
    expect((await integrations('social-integrations')).map((i) => i.platform)).toEqual(['facebook']);
  });

  it('sends a reused state and a refused dialog back with their codes', async () => {
    const dialog = await connectUrl('whatsapp');
    expect(await returnFrom(dialog)).toBe('/dashboard?connected=whatsapp');
    expect(reasonIn(await returnFrom(dialog), 'whatsapp')).toBe('used');

    fake.denyNextDialog();
    expect(reasonIn(await returnFrom(await connectUrl('instagram')), 'instagram')).toBe('denied');
  });

  it('never relays the provider’s error_description, nor any text of the address', async () => {
    const dialog = await connectUrl('instagram');
    const callback = new URL(`${stack.url}/api/auth/instagram/callback`);
    callback.searchParams.set('state', dialog.searchParams.get('state') ?? '');
    callback.searchParams.set('error', 'access_denied');
    callback.searchParams.set('error_description', 'Your account is locked: call +1 555 0199 now');
    const location = await callbackTo(callback.toString(), owner.cookie);
    expect(location).toBe('/setup/instagram?error=denied');

    const forged = new URL(`${stack.url}/api/auth/facebook/callback`);
    forged.searchParams.set('error', 'Visit evil.example to reconnect');
    forged.searchParams.set('error_description', 'Visit evil.example to reconnect');
    expect(await callbackTo(forged.toString(), owner.cookie)).toBe('/setup/facebook?error=invalid_state');
  });

  describe('a link completed by another browser (RFC 6749 §10.12)', () => {
    it('connects nothing when another account’s session, or none, brings the callback back', async () => {
      for (const victim of [owner.cookie, null]) {
        // The rival asks for a link and hands Meta's dialog to someone else, who approves it.
        const dialog = await connectUrl('instagram', rival.cookie);
        expect(reasonIn(await returnFrom(dialog, victim), 'instagram')).toBe('session_mismatch');
        // The link is spent: the rival cannot bring it back himself either.
        expect(reasonIn(await returnFrom(dialog, rival.cookie), 'instagram')).toBe('used');
      }
      expect(await integrations('social-integrations', rival.cookie)).toEqual([]);
      expect((await integrations('social-integrations')).map((i) => i.platform)).not.toContain('instagram');
    });

    it('connects nothing when another session of the same account brings it back', async () => {
      const other = await call(`${stack.url}/api/auth/login`, {
        body: { email: 'owner@rival-channels.example', password: OWNER_PASSWORD },
      });
      const otherCookie = cookieOf(other);
      expect(otherCookie).not.toBe(rival.cookie);
      const dialog = await connectUrl('instagram', rival.cookie);
      expect(reasonIn(await returnFrom(dialog, otherCookie), 'instagram')).toBe('session_mismatch');
      expect(await integrations('social-integrations', rival.cookie)).toEqual([]);
    });
  });

  describe('a page another account holds', () => {
    it('is refused when the consent is not its admin’s', async () => {
      fake.pages[0].tasks = ['MESSAGING', 'MODERATE'];
      try {
        expect(
          reasonIn(await returnFrom(await connectUrl('facebook', rival.cookie), rival.cookie), 'facebook'),
        ).toBe('already_connected');
      } finally {
        delete fake.pages[0].tasks;
      }
      expect(await integrations('social-integrations', rival.cookie)).toEqual([]);
      expect(await integrations('social-integrations')).toEqual(
        expect.arrayContaining([expect.objectContaining({ platform: 'facebook', isActive: true })]),
      );
    });

    it('moves to the account its admin connects it to, and back', async () => {
      const dialog = await connectUrl('facebook', rival.cookie);
      expect(await returnFrom(dialog, rival.cookie)).toBe('/dashboard?connected=facebook');
      expect(await integrations('social-integrations', rival.cookie)).toEqual([
        expect.objectContaining({ platform: 'facebook', isActive: true, pageName: 'Kestrel Test Page' }),
      ]);
      expect(await integrations('social-integrations')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ platform: 'facebook', isActive: false, pageName: null, pages: [] }),
        ]),
      );

      expect(await returnFrom(await connectUrl('facebook'))).toBe('/dashboard?connected=facebook');
      expect(await integrations('social-integrations', rival.cookie)).toEqual([
        expect.objectContaining({ platform: 'facebook', isActive: false, pages: [] }),
      ]);
      expect(await integrations('social-integrations')).toEqual(
        expect.arrayContaining([expect.objectContaining({ platform: 'facebook', isActive: true })]),
      );
    });
  });

  it('disconnects: unsubscribes the page and lists it as not active; a second time is a 404', async () => {
    const url = `${stack.url}/api/social-integrations/facebook`;
    const res = await call(url, { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ platform: 'facebook' });
    expect(fake.subscriptions.has('20001')).toBe(false);
    expect(await integrations('social-integrations')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ platform: 'facebook', isActive: false, pageName: null, pages: [] }),
      ]),
    );
    const again = await call(url, { method: 'DELETE', cookie: owner.cookie });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND', message: 'Facebook is not connected.' });
    const rivals = await call(`${stack.url}/api/social-integrations/whatsapp`, {
      method: 'DELETE',
      cookie: rival.cookie,
    });
    expect(rivals.status).toBe(404);
  });

  it('sends the browser back to the wizard when integrations-service is down', async () => {
    const dialog = await connectUrl('facebook');
    await stack.stopService('integrations-service');
    expect(reasonIn(await returnFrom(dialog), 'facebook')).toBe('failed');
  });
});

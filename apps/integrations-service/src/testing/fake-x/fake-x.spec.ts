import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pkceChallenge } from '../../connections/pkce';
import { FakeX } from './fake-x';
import { signXBody } from './x-payloads';

const APP = {
  clientId: 'client',
  clientSecret: 'client-secret',
  consumerSecret: 'consumer-secret',
  webhookId: '42',
  appBearer: 'app-bearer',
};
const REDIRECT = 'http://parley.test/api/auth/twitter/callback';
const VERIFIER = 'v'.repeat(43);
const BASIC = `Basic ${Buffer.from(`${APP.clientId}:${APP.clientSecret}`).toString('base64')}`;

/** The fake X checks what X checks; these run against it over HTTP, without the service. */
describe('FakeX', () => {
  const fake = new FakeX(APP);
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  afterEach(() => fake.reset());

  async function code(challenge = pkceChallenge(VERIFIER)): Promise<string> {
    const url = new URL(fake.oauthUrl);
    const query = {
      response_type: 'code',
      client_id: APP.clientId,
      redirect_uri: REDIRECT,
      scope: 'dm.read dm.write users.read offline.access',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const res = await fetch(url, { redirect: 'manual' });
    return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
  }

  const token = (form: Record<string, string>, authorization = BASIC) =>
    fetch(`${fake.url}/2/oauth2/token`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, string> }));

  const exchange = async (verifier = VERIFIER) =>
    token({
      grant_type: 'authorization_code',
      code: await code(),
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });

  it('exchanges a code for tokens only with the verifier of its challenge, once', async () => {
    const wrong = await exchange('w'.repeat(43));
    expect(wrong).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: expect.stringContaining('code verifier') },
    });
    const issued = await code();
    const form = {
      grant_type: 'authorization_code',
      code: issued,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    };
    const first = await token(form);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 7200,
      scope: 'dm.read dm.write users.read offline.access',
    });
    expect((await token(form)).status).toBe(400);
    expect((await token(form, 'Basic bm9ib2R5Om5vdGhpbmc=')).status).toBe(401);
  });

  it('rotates refresh tokens: each works once, a spent one is refused and counted', async () => {
    const { body } = await exchange();
    const renewed = await token({ grant_type: 'refresh_token', refresh_token: body.refresh_token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).not.toBe(body.refresh_token);
    const again = await token({ grant_type: 'refresh_token', refresh_token: body.refresh_token });
    expect(again.status).toBe(400);
    expect([fake.oauth.refreshes, fake.oauth.refreshReuses]).toEqual([1, 1]);
  });

  it('sends DMs with rate headers, and answers 429 once the window is spent', async () => {
    const { body } = await exchange();
    fake.rateWindow(1, 60);
    const dm = () =>
      fetch(`${fake.url}/2/dm_conversations/with/99/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${body.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Hello' }),
      });
    const sent = await dm();
    expect(sent.status).toBe(201);
    expect(sent.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(Number(sent.headers.get('x-rate-limit-reset')) * 1000).toBeGreaterThan(Date.now());
    expect(((await sent.json()) as { data: { dm_event_id: string } }).data.dm_event_id).toBe(
      fake.sent[0].dmEventId,
    );
    expect((await dm()).status).toBe(429);
    expect(fake.sent).toHaveLength(1);
  });

  it("checks a webhook's CRC answer, and signs what it posts", async () => {
    let received: { signature?: string; body: string } | undefined;
    const hook: Server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://hook');
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'GET') {
          const token = url.searchParams.get('crc_token') ?? '';
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ response_token: signXBody(APP.consumerSecret, token) }));
          return;
        }
        received = {
          signature: req.headers['x-twitter-webhooks-signature'] as string,
          body: Buffer.concat(chunks).toString(),
        };
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    try {
      fake.setWebhookUrl(url);
      expect(await fake.crc()).toBe(true);
      await fake.customerWrites('Hi');
      expect(received?.signature).toBe(signXBody(APP.consumerSecret, received?.body ?? ''));
      expect(JSON.parse(received?.body ?? '{}')).toMatchObject({ for_user_id: fake.account.id });
    } finally {
      fake.setWebhookUrl(undefined);
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });
});

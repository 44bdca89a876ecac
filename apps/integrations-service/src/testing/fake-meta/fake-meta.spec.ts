import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_TASKS, FakeMeta, messengerText, signMetaBody } from './index';

const APP = { appId: 'app-1', appSecret: 'secret-1' };
const REDIRECT = 'http://localhost:3000/api/auth/facebook/callback';

/** The fields these tests read from the fake's answers; each answer carries some of them. */
interface Answer {
  error: {
    message: string;
    type: string;
    code: number;
    error_data?: { messaging_product: string; details: string };
    fbtrace_id: string;
  };
  access_token: string;
  token_type: string;
  message_id: string;
  messages: { id: string }[];
  data: unknown;
  paging?: { cursors: { before: string; after: string }; next?: string };
  /** An HTML page's text. */
  text: string;
}

interface Reply {
  status: number;
  headers: Headers;
  body: Answer;
}

/** The parts of a webhook body these tests read. */
interface WebhookBody {
  object: string;
  entry: {
    messaging: { delivery: { watermark: number }; read: { watermark: number } }[];
    changes: { value: { statuses: { id: string; status: string }[] } }[];
  }[];
}

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: WebhookBody;
}

/** A local endpoint standing in for the service's webhook route: records what it is sent. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) as WebhookBody });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('EVENT_RECEIVED');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/meta`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function waitFor<T>(read: () => T | undefined, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('FakeMeta over HTTP', () => {
  let fake: FakeMeta;

  const call = async (
    method: string,
    path: string,
    query: Record<string, string> = {},
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply> => {
    const url = new URL(`${fake.url}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    const body = (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : { text }) as Answer;
    return { status: res.status, headers: res.headers, body };
  };
  const graph = (method: string, path: string, query?: Record<string, string>, body?: unknown) =>
    call(method, `/v21.0${path}`, query, { body });

  /** Runs the dialog and the code exchange: a short-lived user token. */
  const login = async (
    scope = 'pages_show_list,pages_messaging,whatsapp_business_management',
  ): Promise<string> => {
    const dialog = await call('GET', '/dialog/oauth', {
      client_id: APP.appId,
      redirect_uri: REDIRECT,
      state: 's1',
      scope,
    });
    const code = new URL(dialog.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const token = await graph('GET', '/oauth/access_token', {
      client_id: APP.appId,
      client_secret: APP.appSecret,
      redirect_uri: REDIRECT,
      code,
    });
    return token.body.access_token;
  };

  const messengerSend = (token: string, text: string | null = 'Hello there', to = '7000000001234') =>
    graph(
      'POST',
      '/20001/messages',
      { access_token: token },
      {
        recipient: { id: to },
        messaging_type: 'RESPONSE',
        message: text === null ? {} : { text },
      },
    );

  beforeAll(async () => {
    fake = new FakeMeta({
      ...APP,
      profiles: { '7000000009999': { first_name: 'Ada', last_name: 'Byron', name: 'Ada Byron' } },
    });
    await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.reset();
    fake.autoStatus = false;
    fake.setWebhookUrl(undefined);
  });

  it('names its URLs for META_GRAPH_URL and META_OAUTH_URL', () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fake.graphUrl).toBe(`${fake.url}/v21.0`);
    expect(fake.oauthUrl).toBe(`${fake.url}/dialog/oauth`);
  });

  describe('OAuth', () => {
    it('auto-approves the dialog: back to redirect_uri with a code and the state', async () => {
      const res = await call('GET', '/dialog/oauth', {
        client_id: APP.appId,
        redirect_uri: `${REDIRECT}?keep=1`,
        state: 'signed.state',
        scope: 'pages_show_list',
        response_type: 'code',
      });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(location.searchParams.get('keep')).toBe('1');
      expect(location.searchParams.get('state')).toBe('signed.state');
      expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    });

    it('denies the next dialog when told, once', async () => {
      fake.denyNextDialog();
      const denied = await call('GET', '/dialog/oauth', {
        client_id: APP.appId,
        redirect_uri: REDIRECT,
        state: 's',
      });
      expect(denied.headers.get('location')).toBe(
        `${REDIRECT}?error=access_denied&error_reason=user_denied&error_description=Permissions+error&state=s`,
      );
      const next = await call('GET', '/dialog/oauth', {
        client_id: APP.appId,
        redirect_uri: REDIRECT,
        state: 's',
      });
      expect(new URL(next.headers.get('location') ?? '').searchParams.has('code')).toBe(true);
    });

    it('answers an unknown app with a 400 page', async () => {
      const res = await call('GET', '/dialog/oauth', { client_id: 'other-app', redirect_uri: REDIRECT });
      expect(res.status).toBe(400);
      expect(res.body.text).toContain('Invalid App ID');
    });

    it('exchanges a code once, only with the app secret and the same redirect_uri', async () => {
      const dialog = await call('GET', '/dialog/oauth', {
        client_id: APP.appId,
        redirect_uri: REDIRECT,
        state: 's',
      });
      const code = new URL(dialog.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const exchange = (overrides: Record<string, string>) =>
        graph('GET', '/oauth/access_token', {
          client_id: APP.appId,
          client_secret: APP.appSecret,
          redirect_uri: REDIRECT,
          code,
          ...overrides,
        });

      const wrongSecret = await exchange({ client_secret: 'nope' });
      expect(wrongSecret.status).toBe(400);
      expect(wrongSecret.body.error).toMatchObject({ type: 'OAuthException', code: 100 });
      expect(wrongSecret.body.error.fbtrace_id).toEqual(expect.any(String));
      const wrongRedirect = await exchange({ redirect_uri: `${REDIRECT}/other` });
      expect(wrongRedirect.status).toBe(400);
      expect(wrongRedirect.body.error.code).toBe(100);
      expect((await exchange({ code: 'made-up' })).body.error.code).toBe(100);

      const first = await exchange({});
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
        token_type: 'bearer',
        expires_in: 5183944,
      });
      const reused = await exchange({});
      expect(reused.status).toBe(400);
      expect(reused.body.error).toMatchObject({
        code: 100,
        message: 'This authorization code has been used.',
      });
    });

    it('swaps a user token for a different long-lived one, and refuses a made-up token', async () => {
      const short = await login();
      const long = await graph('GET', '/oauth/access_token', {
        grant_type: 'fb_exchange_token',
        client_id: APP.appId,
        client_secret: APP.appSecret,
        fb_exchange_token: short,
      });
      expect(long.status).toBe(200);
      expect(long.body.access_token).not.toBe(short);
      expect(long.body.token_type).toBe('bearer');
      expect((await graph('GET', '/me', { access_token: long.body.access_token })).body).toEqual({
        id: '10001',
        name: 'Kestrel Owner',
      });

      const forged = await graph('GET', '/oauth/access_token', {
        grant_type: 'fb_exchange_token',
        client_id: APP.appId,
        client_secret: APP.appSecret,
        fb_exchange_token: 'EAAforged',
      });
      expect(forged.status).toBe(400);
      expect(forged.body.error.code).toBe(190);
    });
  });

  describe('what the user manages', () => {
    it('lists the pages with one opaque token per page, the user’s tasks and the linked Instagram account', async () => {
      const many = new FakeMeta({
        ...APP,
        pages: [
          { id: 'p1', name: 'One', tasks: ['MODERATE', 'MESSAGING'] },
          {
            id: 'p2',
            name: 'Two',
            instagram_business_account: { id: 'ig2', username: 'two', name: 'Two IG' },
          },
        ],
      });
      await many.start();
      try {
        const dialog = await fetch(
          `${many.oauthUrl}?client_id=${APP.appId}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
          { redirect: 'manual' },
        );
        const code = new URL(dialog.headers.get('location') ?? '').searchParams.get('code') ?? '';
        const token = (await (
          await fetch(
            `${many.graphUrl}/oauth/access_token?client_id=${APP.appId}&client_secret=${APP.appSecret}&redirect_uri=${encodeURIComponent(REDIRECT)}&code=${code}`,
          )
        ).json()) as { access_token: string };
        const res = await fetch(
          `${many.graphUrl}/me/accounts?fields=id,name,access_token,instagram_business_account{id,username,name}&access_token=${token.access_token}`,
        );
        const accounts = (await res.json()) as {
          data: { id: string; access_token: string }[];
          paging: object;
        };
        expect(accounts).toEqual({
          data: [
            { id: 'p1', name: 'One', access_token: many.pageToken('p1'), tasks: ['MODERATE', 'MESSAGING'] },
            {
              id: 'p2',
              name: 'Two',
              access_token: many.pageToken('p2'),
              tasks: ADMIN_TASKS,
              instagram_business_account: { id: 'ig2', username: 'two', name: 'Two IG' },
            },
          ],
          paging: {},
        });
        const [first, second] = accounts.data.map((page) => page.access_token);
        expect(first).not.toBe(second);
        expect(first).toMatch(/^[A-Za-z0-9_-]{60,}$/);
        expect(many.issuedTokens()).toEqual(expect.arrayContaining([token.access_token, first, second]));
      } finally {
        await many.stop();
      }
    });

    it('answers me/accounts only to a user token', async () => {
      const res = await graph('GET', '/me/accounts', { access_token: 'EAAnot-issued' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(190);
    });

    it("reports a token's scopes with the WhatsApp business accounts they cover, and the numbers of one", async () => {
      const user = await login(
        'whatsapp_business_management,whatsapp_business_messaging,business_management',
      );
      const debug = await graph('GET', '/debug_token', {
        input_token: user,
        access_token: `${APP.appId}|${APP.appSecret}`,
      });
      expect(debug.status).toBe(200);
      expect(debug.body.data).toMatchObject({
        app_id: APP.appId,
        is_valid: true,
        user_id: '10001',
        scopes: expect.arrayContaining([
          'whatsapp_business_management',
          'business_management',
          'public_profile',
        ]),
        granular_scopes: [
          { scope: 'whatsapp_business_management', target_ids: ['40001'] },
          { scope: 'whatsapp_business_messaging', target_ids: ['40001'] },
        ],
      });
      const withoutAppToken = await graph('GET', '/debug_token', { input_token: user, access_token: user });
      expect(withoutAppToken.body.error.code).toBe(190);
      const unknown = await graph('GET', '/debug_token', {
        input_token: 'EAAnope',
        access_token: `${APP.appId}|${APP.appSecret}`,
      });
      expect(unknown.body.data).toMatchObject({ is_valid: false, error: { code: 190 } });

      const numbers = await graph('GET', '/40001/phone_numbers', { access_token: user });
      expect(numbers.body.data).toEqual([
        {
          id: '50001',
          display_phone_number: '+1 555 0100',
          verified_name: 'Kestrel Test',
          quality_rating: 'GREEN',
        },
      ]);
      const missing = await graph('GET', '/49999/phone_numbers', { access_token: user });
      expect(missing.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    });
  });

  describe('WhatsApp message templates', () => {
    const names = (reply: Reply) => (reply.body.data as { name: string }[]).map((t) => t.name);

    it('lists the approved templates with only the fields asked, and a whole template by name and language', async () => {
      const user = await login();
      const approved = await graph('GET', '/40001/message_templates', {
        status: 'APPROVED',
        fields: 'name,language,status',
        access_token: user,
      });
      expect(approved.status).toBe(200);
      expect(approved.body.data).toEqual([
        { id: '60001', name: 'order_update', language: 'en_US', status: 'APPROVED' },
        { id: '60002', name: 'follow_up', language: 'es', status: 'APPROVED' },
        { id: '60003', name: 'hello_world', language: 'en_US', status: 'APPROVED' },
        { id: '60004', name: 'new_collection', language: 'en_US', status: 'APPROVED' },
      ]);

      const one = await graph('GET', '/40001/message_templates', {
        name: 'order_update',
        language: 'en_US',
        access_token: user,
      });
      expect(one.body.data).toEqual([
        {
          id: '60001',
          name: 'order_update',
          language: 'en_US',
          status: 'APPROVED',
          category: 'UTILITY',
          parameter_format: 'POSITIONAL',
          components: [
            {
              type: 'BODY',
              text: 'Hi {{1}}, your order {{2}} is on its way.',
              example: { body_text: [['Ada', '#1234']] },
            },
            { type: 'FOOTER', text: 'Kestrel Test' },
          ],
        },
      ]);
      expect(one.body.paging).toEqual({
        cursors: { before: expect.any(String), after: expect.any(String) },
      });
      const none = await graph('GET', '/40001/message_templates', {
        name: 'order_update',
        language: 'es',
        access_token: user,
      });
      expect(none.body).toEqual({ data: [] });
    });

    it('pages with limit and the after cursor, giving next while more follow', async () => {
      const user = await login();
      const first = await graph('GET', '/40001/message_templates', {
        limit: '2',
        fields: 'name',
        access_token: user,
      });
      expect(names(first)).toEqual(['order_update', 'follow_up']);
      const next = new URL(first.body.paging?.next ?? '');
      expect(`${next.origin}${next.pathname}`).toBe(`${fake.graphUrl}/40001/message_templates`);
      expect(next.searchParams.get('after')).toBe(first.body.paging?.cursors.after);

      const second = (await (await fetch(next)).json()) as Answer;
      expect((second.data as { name: string }[]).map((t) => t.name)).toEqual([
        'hello_world',
        'new_collection',
      ]);
      const last = await graph('GET', '/40001/message_templates', {
        limit: '2',
        fields: 'name',
        after: second.paging?.cursors.after ?? '',
        access_token: user,
      });
      expect(names(last)).toEqual(['winter_sale']);
      expect(last.body.paging?.next).toBeUndefined();

      const forged = await graph('GET', '/40001/message_templates', { after: 'bm9wZQ', access_token: user });
      expect(forged.body.error.code).toBe(100);
    });

    it('refuses an unknown WhatsApp business account (100/33) and a missing or page token (190)', async () => {
      const user = await login();
      const unknown = await graph('GET', '/49999/message_templates', { access_token: user });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toMatchObject({ code: 100, error_subcode: 33 });
      const noToken = await graph('GET', '/40001/message_templates');
      expect(noToken.status).toBe(400);
      expect(noToken.body.error.code).toBe(190);
      const pageToken = await graph('GET', '/40001/message_templates', {
        access_token: fake.pageToken('20001'),
      });
      expect(pageToken.body.error.code).toBe(190);
    });

    const sendTemplate = (token: string, template: unknown) =>
      graph(
        'POST',
        '/50001/messages',
        { access_token: token },
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '15551234567',
          type: 'template',
          template,
        },
      );
    const bodyParameters = (...texts: string[]) => [
      { type: 'body', parameters: texts.map((text) => ({ type: 'text', text })) },
    ];

    it('sends an approved template and records the text the customer reads', async () => {
      const user = await login();
      const res = await sendTemplate(user, {
        name: 'order_update',
        language: { code: 'en_US', policy: 'deterministic' },
        components: bodyParameters('Ada', '#1234'),
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        messaging_product: 'whatsapp',
        contacts: [{ input: '15551234567', wa_id: '15551234567' }],
        messages: [{ id: expect.stringMatching(/^wamid\./), message_status: 'accepted' }],
      });
      const hello = await sendTemplate(user, { name: 'hello_world', language: { code: 'en_US' } });
      expect(hello.status).toBe(200);

      expect(fake.sent).toEqual([
        {
          platform: 'whatsapp',
          pageId: '50001',
          recipientId: '15551234567',
          text: 'Hi Ada, your order #1234 is on its way.\n\nKestrel Test',
          template: { name: 'order_update', language: 'en_US', parameters: ['Ada', '#1234'] },
          messageId: res.body.messages[0].id,
          at: expect.any(Number),
        },
        expect.objectContaining({
          text: expect.stringMatching(
            /^Hello World\n\nWelcome and congratulations!! .+\n\nWhatsApp Business Platform sample message$/,
          ),
          template: { name: 'hello_world', language: 'en_US', parameters: [] },
        }),
      ]);
    });

    it("refuses an unknown name, another language or a pending template with Meta's 132001", async () => {
      const user = await login();
      const wrongName = await sendTemplate(user, {
        name: 'order_updates',
        language: { code: 'en_US' },
        components: bodyParameters('Ada', '#1234'),
      });
      expect(wrongName.status).toBe(400);
      expect(wrongName.body.error).toMatchObject({
        message: '(#132001) Template name does not exist in the translation',
        type: 'OAuthException',
        code: 132001,
        error_data: {
          messaging_product: 'whatsapp',
          details: 'template name (order_updates) does not exist in en_US',
        },
      });
      const wrongLanguage = await sendTemplate(user, {
        name: 'order_update',
        language: { code: 'es' },
        components: bodyParameters('Ada', '#1234'),
      });
      expect(wrongLanguage.body.error).toMatchObject({
        code: 132001,
        error_data: { details: 'template name (order_update) does not exist in es' },
      });
      const pending = await sendTemplate(user, {
        name: 'winter_sale',
        language: { code: 'en_US' },
        components: bodyParameters('Ada', '20%'),
      });
      expect(pending.body.error.code).toBe(132001);
      expect(fake.sent).toHaveLength(0);
    });

    it('refuses a wrong parameter count (132000), a bad parameter (132018) and a media header (100)', async () => {
      const user = await login();
      const orderUpdate = (...texts: string[]) =>
        sendTemplate(user, {
          name: 'order_update',
          language: { code: 'en_US' },
          components: bodyParameters(...texts),
        });

      const tooFew = await orderUpdate('Ada');
      expect(tooFew.status).toBe(400);
      expect(tooFew.body.error).toMatchObject({
        message: '(#132000) Number of parameters does not match the expected number of params',
        code: 132000,
        error_data: {
          messaging_product: 'whatsapp',
          details: 'body: number of localizable_params (1) does not match the expected number of params (2)',
        },
      });
      expect(
        (await sendTemplate(user, { name: 'order_update', language: { code: 'en_US' } })).body.error.code,
      ).toBe(132000);

      for (const bad of ['Ada\nLovelace', 'Ada\tLovelace', 'Ada     Lovelace', '']) {
        const res = await orderUpdate(bad, '#1234');
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({
          message: '(#132018) There was an issue with the parameters in your template.',
          code: 132018,
          error_data: {
            details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
          },
        });
      }
      expect((await orderUpdate('Ada    Lovelace', '#1234')).status).toBe(200);

      const image = await sendTemplate(user, {
        name: 'new_collection',
        language: { code: 'en_US' },
        components: bodyParameters('Ada'),
      });
      expect(image.body.error.code).toBe(100);
      expect(fake.sent.map((sent) => sent.text)).toEqual([
        'Hi Ada    Lovelace, your order #1234 is on its way.\n\nKestrel Test',
      ]);
    });
  });

  describe('webhook subscriptions', () => {
    it('subscribes a page with its page token and a WABA with the user token, and unsubscribes', async () => {
      const user = await login();
      const pageToken = fake.pageToken('20001');

      const withUserToken = await graph('POST', '/20001/subscribed_apps', {
        subscribed_fields: 'messages',
        access_token: user,
      });
      expect(withUserToken.body.error.code).toBe(210);
      const noFields = await graph('POST', '/20001/subscribed_apps', { access_token: pageToken });
      expect(noFields.body.error.code).toBe(100);

      const page = await graph('POST', '/20001/subscribed_apps', {
        subscribed_fields: 'messages,message_deliveries,message_reads,message_echoes',
        access_token: pageToken,
      });
      expect(page.body).toEqual({ success: true });
      const waba = await graph('POST', '/40001/subscribed_apps', { access_token: user });
      expect(waba.body).toEqual({ success: true });
      expect(fake.subscriptions.get('20001')).toEqual([
        'messages',
        'message_deliveries',
        'message_reads',
        'message_echoes',
      ]);
      expect(fake.subscriptions.has('40001')).toBe(true);
      const listed = await graph('GET', '/20001/subscribed_apps', { access_token: pageToken });
      expect(listed.body.data).toEqual([
        expect.objectContaining({ id: APP.appId, subscribed_fields: expect.arrayContaining(['messages']) }),
      ]);

      expect((await graph('DELETE', '/20001/subscribed_apps', { access_token: pageToken })).body).toEqual({
        success: true,
      });
      expect((await graph('DELETE', '/40001/subscribed_apps', { access_token: user })).body).toEqual({
        success: true,
      });
      expect(fake.subscriptions.size).toBe(0);
    });
  });

  describe('profiles', () => {
    it('answers a configured profile and a generated one for any other id, only the fields asked', async () => {
      const token = fake.pageToken('20001');
      const known = await graph('GET', '/7000000009999', {
        fields: 'first_name,last_name',
        access_token: token,
      });
      expect(known.body).toEqual({ first_name: 'Ada', last_name: 'Byron', id: '7000000009999' });
      const generated = await graph('GET', '/8123456784321', {
        fields: 'name,username',
        access_token: token,
      });
      expect(generated.body).toEqual({
        name: 'Customer 4321',
        username: 'customer_4321',
        id: '8123456784321',
      });
      const noToken = await graph('GET', '/8123456784321', { fields: 'name' });
      expect(noToken.body.error.code).toBe(190);
    });
  });

  describe('send APIs', () => {
    it('sends on Messenger with the page token and records it', async () => {
      const res = await messengerSend(fake.pageToken('20001'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ recipient_id: '7000000001234', message_id: expect.stringMatching(/^m_/) });
      expect(fake.sent).toEqual([
        {
          platform: 'facebook',
          pageId: '20001',
          recipientId: '7000000001234',
          text: 'Hello there',
          messagingType: 'RESPONSE',
          messageId: res.body.message_id,
          at: expect.any(Number),
        },
      ]);
    });

    it('refuses a wrong token (190) and a message without text (100), recording nothing', async () => {
      const wrong = await messengerSend('EAAwrong');
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({ type: 'OAuthException', code: 190 });
      const empty = await messengerSend(fake.pageToken('20001'), null);
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe(100);
      expect(fake.sent).toHaveLength(0);
    });

    it('sends on Instagram through the Instagram account id, with the HUMAN_AGENT tag', async () => {
      const res = await graph(
        'POST',
        '/30001/messages',
        { access_token: fake.pageToken('20001') },
        {
          recipient: { id: '1789000004242' },
          messaging_type: 'MESSAGE_TAG',
          tag: 'HUMAN_AGENT',
          message: { text: 'A person here' },
        },
      );
      expect(res.status).toBe(200);
      expect(fake.sent[0]).toMatchObject({
        platform: 'instagram',
        pageId: '30001',
        tag: 'HUMAN_AGENT',
        messagingType: 'MESSAGE_TAG',
      });
    });

    it('sends on WhatsApp with a bearer user token and answers with a wamid', async () => {
      const user = await login();
      const res = await call(
        'POST',
        '/v21.0/50001/messages',
        {},
        {
          headers: { authorization: `Bearer ${user}` },
          body: {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: '15551234567',
            type: 'text',
            text: { body: 'Hi on WhatsApp' },
          },
        },
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        messaging_product: 'whatsapp',
        contacts: [{ input: '15551234567', wa_id: '15551234567' }],
        messages: [{ id: expect.stringMatching(/^wamid\./) }],
      });
      expect(fake.sent[0]).toMatchObject({
        platform: 'whatsapp',
        pageId: '50001',
        recipientId: '15551234567',
        text: 'Hi on WhatsApp',
      });

      const pageToken = await call(
        'POST',
        '/v21.0/50001/messages',
        { access_token: fake.pageToken('20001') },
        {
          body: { messaging_product: 'whatsapp', to: '15551234567', type: 'text', text: { body: 'x' } },
        },
      );
      expect(pageToken.body.error.code).toBe(190);
    });
  });

  describe('failures on demand', () => {
    it('answers 429 with code 613 and Retry-After, then sends again', async () => {
      fake.failNext({ match: 'send', status: 429, retryAfterS: 7 });
      const limited = await messengerSend(fake.pageToken('20001'));
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(limited.body.error).toMatchObject({
        code: 613,
        type: 'OAuthException',
        message: '(#613) Calls to this api have exceeded the rate limit.',
      });
      expect((await messengerSend(fake.pageToken('20001'))).status).toBe(200);
      expect(fake.sent).toHaveLength(1);
    });

    it("uses WhatsApp's rate-limit code on the Cloud API", async () => {
      const user = await login();
      fake.failNext({ match: 'send', status: 429 });
      const res = await graph(
        'POST',
        '/50001/messages',
        { access_token: user },
        {
          messaging_product: 'whatsapp',
          to: '15551234567',
          type: 'text',
          text: { body: 'x' },
        },
      );
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe(130429);
    });

    it('answers 500 as many times as asked, only on the calls that match', async () => {
      const user = await login();
      fake.failNext({ match: /\/messages$/, status: 500, count: 2 });
      expect((await graph('GET', '/me', { access_token: user })).status).toBe(200);
      const first = await messengerSend(fake.pageToken('20001'));
      expect(first.status).toBe(500);
      expect(first.body.error).toMatchObject({ code: 2, is_transient: true });
      expect((await messengerSend(fake.pageToken('20001'))).status).toBe(500);
      expect((await messengerSend(fake.pageToken('20001'))).status).toBe(200);
    });

    it('fails the token exchange when told, over the control API too', async () => {
      const set = await call('POST', '/_fake/fail', {}, { body: { match: 'token', status: 503 } });
      expect(set.status).toBe(200);
      const dialog = await call('GET', '/dialog/oauth', { client_id: APP.appId, redirect_uri: REDIRECT });
      const code = new URL(dialog.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const query = { client_id: APP.appId, client_secret: APP.appSecret, redirect_uri: REDIRECT, code };
      expect((await graph('GET', '/oauth/access_token', query)).status).toBe(503);
      expect((await graph('GET', '/oauth/access_token', query)).status).toBe(200);
      expect((await call('POST', '/_fake/fail', {}, { body: { match: 'send', status: 418 } })).status).toBe(
        400,
      );
    });
  });

  describe('webhooks', () => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());
    beforeEach(() => {
      receiver.received.length = 0;
    });

    it('posts a webhook signed with the app secret, or with no signature when told', async () => {
      const payload = messengerText({ pageId: '20001', psid: '7000000001234', text: 'Hi — café ☕' });
      const answer = await fake.postWebhook(receiver.url, payload);
      expect(answer).toEqual({ status: 200, body: 'EVENT_RECEIVED' });
      const [signed] = receiver.received;
      expect(signed.body).toEqual(payload);
      expect(signed.headers['x-hub-signature-256']).toBe(signMetaBody(APP.appSecret, signed.raw));
      expect(signed.headers['x-hub-signature-256']).not.toBe(signMetaBody('other-secret', signed.raw));

      await fake.postWebhook(receiver.url, payload, { signature: null });
      expect(receiver.received[1].headers['x-hub-signature-256']).toBeUndefined();
      await fake.postWebhook(receiver.url, payload, { signature: 'sha256=00' });
      expect(receiver.received[2].headers['x-hub-signature-256']).toBe('sha256=00');
    });

    it('posts through the control API to the webhook URL', async () => {
      fake.setWebhookUrl(receiver.url);
      const payload = messengerText({ pageId: '20001', psid: '7000000001234', text: 'via control' });
      const res = await call('POST', '/_fake/webhook', {}, { body: { payload } });
      expect(res.body).toEqual({ status: 200, body: 'EVENT_RECEIVED' });
      expect(receiver.received[0].body).toEqual(payload);
    });

    it('after a Messenger send, posts the echo with app_id, the delivery and the read, in order', async () => {
      fake.autoStatus = true;
      fake.setWebhookUrl(receiver.url);
      const res = await messengerSend(fake.pageToken('20001'), 'Your order shipped');
      const mid = res.body.message_id;
      await waitFor(() => (receiver.received.length >= 3 ? true : undefined));
      const events = receiver.received.map((r) => r.body.entry[0].messaging[0]);
      expect(receiver.received.every((r) => r.body.object === 'page')).toBe(true);
      expect(events[0]).toMatchObject({
        sender: { id: '20001' },
        recipient: { id: '7000000001234' },
        message: { mid, is_echo: true, app_id: APP.appId, text: 'Your order shipped' },
      });
      expect(events[1]).toMatchObject({ sender: { id: '7000000001234' }, delivery: { mids: [mid] } });
      expect(events[2].read.watermark).toBeGreaterThanOrEqual(events[1].delivery.watermark);
      for (const r of receiver.received) {
        expect(r.headers['x-hub-signature-256']).toBe(signMetaBody(APP.appSecret, r.raw));
      }
    });

    it('after an Instagram send, posts the echo and the read; after a WhatsApp send, delivered then read', async () => {
      fake.autoStatus = true;
      fake.setWebhookUrl(receiver.url);
      const ig = await graph(
        'POST',
        '/30001/messages',
        { access_token: fake.pageToken('20001') },
        {
          recipient: { id: '1789000004242' },
          message: { text: 'IG hello' },
        },
      );
      const user = await login();
      const wa = await graph(
        'POST',
        '/50001/messages',
        { access_token: user },
        {
          messaging_product: 'whatsapp',
          to: '+1 555 123 4567',
          type: 'text',
          text: { body: 'WA hello' },
        },
      );
      await waitFor(() => (receiver.received.length >= 4 ? true : undefined));

      const instagram = receiver.received
        .filter((r) => r.body.object === 'instagram')
        .map((r) => r.body.entry[0].messaging[0]);
      expect(instagram).toEqual([
        expect.objectContaining({
          message: expect.objectContaining({ mid: ig.body.message_id, is_echo: true }),
        }),
        expect.objectContaining({
          sender: { id: '1789000004242' },
          recipient: { id: '30001' },
          read: { mid: ig.body.message_id },
        }),
      ]);
      const statuses = receiver.received
        .filter((r) => r.body.object === 'whatsapp_business_account')
        .map((r) => r.body.entry[0].changes[0].value);
      expect(statuses.map((v) => v.statuses[0].status)).toEqual(['delivered', 'read']);
      expect(statuses[0]).toMatchObject({
        metadata: { phone_number_id: '50001', display_phone_number: '15550100' },
        statuses: [{ id: wa.body.messages[0].id, recipient_id: '15551234567' }],
      });
    });

    it('after a WhatsApp template send, posts delivered then read as after a text', async () => {
      fake.autoStatus = true;
      fake.setWebhookUrl(receiver.url);
      const user = await login();
      const res = await graph(
        'POST',
        '/50001/messages',
        { access_token: user },
        {
          messaging_product: 'whatsapp',
          to: '15551234567',
          type: 'template',
          template: { name: 'hello_world', language: { code: 'en_US' } },
        },
      );
      await waitFor(() => (receiver.received.length >= 2 ? true : undefined));
      const statuses = receiver.received.map((r) => r.body.entry[0].changes[0].value.statuses[0]);
      expect(statuses).toEqual([
        expect.objectContaining({ id: res.body.messages[0].id, status: 'delivered' }),
        expect.objectContaining({ id: res.body.messages[0].id, status: 'read' }),
      ]);
    });

    it('posts nothing after a send when autoStatus is off', async () => {
      fake.setWebhookUrl(receiver.url);
      await messengerSend(fake.pageToken('20001'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(0);
    });
  });
});

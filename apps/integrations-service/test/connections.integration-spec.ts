import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  INTEGRATIONS_SUBJECTS,
  type MetaChannel,
  type OAuthCallbackResult,
  type OAuthConnectResponse,
  type OwnerEvent,
  REALTIME_SUBJECT,
  type SocialIntegrationResponse,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra, until } from '@parley/server-kit/testing';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { integrationsServiceModule } from '../src/app.module';
import { DEVELOPMENT_SECRETS_KEY, IntegrationsConfig } from '../src/config/integrations.config';
import { PAGE_WEBHOOK_FIELDS } from '../src/channels/meta/meta-accounts.client';
import { SecretBox } from '../src/secrets/secret-box';
import { FakeMeta } from '../src/testing/fake-meta';

const APP = { appId: 'app-1', appSecret: 'secret-1' };
const PUBLIC_URL = 'http://parley.test';
const PAGE_FIELDS = PAGE_WEBHOOK_FIELDS.split(',');

/** The query Meta's dialog sends the browser back with, as the gateway forwards it. */
interface Callback {
  platform: string;
  code?: string;
  state?: string;
  error?: string;
}

/** Who brings a callback back: a signed-in owner and their session's binding, or nobody. */
interface Session {
  owner?: string;
  binding?: string;
}

/** The binding of an owner's one session in these tests (the gateway hashes the session cookie). */
const bindingOf = (owner: string) => `session-of-${owner}`;

const DAY = 24 * 60 * 60 * 1000;

/** integrations-service alone on its own database, NATS and Redis prefixes, with a fake Meta. */
describe('connections (real PostgreSQL, NATS and Redis, fake Meta)', () => {
  let infra: TestInfra;
  let fake: FakeMeta;
  let service: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;
  const events: OwnerEvent[] = [];
  /** The owner's events, once `count` have arrived: an event travels apart from the answer to its call. */
  const eventsOf = (owner: string, count: number) =>
    until(`${count} event(s) of ${owner}`, async () => {
      const own = events.filter((event) => event.ownerId === owner);
      return own.length >= count ? own : undefined;
    });

  beforeAll(async () => {
    infra = await createTestInfra();
    fake = new FakeMeta(APP);
    await fake.start();
    const config = loadConfig(IntegrationsConfig, {
      ...infra.env,
      PUBLIC_URL,
      META_APP_ID: APP.appId,
      META_APP_SECRET: APP.appSecret,
      META_GRAPH_URL: fake.graphUrl,
      META_OAUTH_URL: fake.oauthUrl,
      RECONCILE_INTERVAL_MS: '600000',
    });
    service = await createServiceApp('integrations-service', integrationsServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'connections-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 10_000);
    const codec = JSONCodec<OwnerEvent>();
    nc.subscribe(config.NATS_PREFIX + REALTIME_SUBJECT, {
      callback: (error, msg) => {
        if (!error) events.push(codec.decode(msg.data));
      },
    });
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    await db.query('set search_path = integrations_service');
  }, 60_000);

  /** Every test starts with no connection: the fake's one page is anyone's to connect. */
  afterEach(async () => {
    const { rows } = await db.query<{ owner_id: string; platform: string }>(
      'select owner_id, platform from integrations where is_active',
    );
    for (const row of rows)
      await send(INTEGRATIONS_SUBJECTS.disconnect, row.owner_id, { platform: row.platform });
    fake.reset();
    events.length = 0;
  });

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await service?.app.close();
    await fake?.stop();
    await infra?.cleanup();
  });

  const send = <T>(subject: string, owner: string | undefined, data: unknown) =>
    client.send<T>(subject, data, owner === undefined ? {} : { actor: workspaceActor(owner) });

  const connectUrl = async (owner: string, platform: string) =>
    new URL(
      (
        await send<OAuthConnectResponse>(INTEGRATIONS_SUBJECTS.connectUrl, owner, {
          platform,
          binding: bindingOf(owner),
        })
      ).authUrl,
    );

  /** What the browser brings back from the fake's dialog (which approves at once, or denies when told). */
  async function authorize(owner: string, platform: MetaChannel): Promise<Callback> {
    const dialog = await connectUrl(owner, platform);
    ownerOf.set(dialog.searchParams.get('state') ?? '', owner);
    const res = await fetch(dialog, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/api/auth/${platform}/callback`);
    const query = back.searchParams;
    const optional = (name: string) => query.get(name) ?? undefined;
    return {
      platform,
      code: optional('code'),
      state: optional('state'),
      error: optional('error'),
    };
  }

  /** Completes as the state's owner, in the session that asked, unless `session` says otherwise. */
  const complete = (callback: Callback, session?: Session) => {
    const owner = session === undefined ? ownerOf.get(callback.state ?? '') : session.owner;
    const binding = session === undefined ? owner && bindingOf(owner) : session.binding;
    return send<OAuthCallbackResult>(INTEGRATIONS_SUBJECTS.completeConnect, owner, { ...callback, binding });
  };
  /** Who asked for each state (as its browser session would come back with it). */
  const ownerOf = new Map<string, string>();

  const list = (owner: string) =>
    send<SocialIntegrationResponse[]>(INTEGRATIONS_SUBJECTS.listIntegrations, owner, {});

  const connect = async (owner: string, platform: MetaChannel) => complete(await authorize(owner, platform));

  /** Every row of the tables a refused connection must leave untouched. */
  const stored = async () => ({
    integrations: (await db.query('select owner_id, platform, is_active from integrations order by owner_id'))
      .rows,
    pages: (await db.query('select owner_id, platform, page_id from pages order by page_id')).rows,
  });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error as { code: ErrorCode; message: string },
    );

  describe('the connect URL', () => {
    it.each([
      ['facebook', 'pages_show_list,pages_messaging,pages_manage_metadata,pages_read_engagement'],
      [
        'instagram',
        'pages_show_list,pages_messaging,pages_manage_metadata,pages_read_engagement,instagram_basic,instagram_manage_messages',
      ],
      ['whatsapp', 'whatsapp_business_management,whatsapp_business_messaging,business_management'],
    ] as const)(
      'is Meta’s dialog for %s with its scopes and a state for this owner',
      async (platform, scope) => {
        const owner = randomUUID();
        const url = await connectUrl(owner, platform);
        expect(`${url.origin}${url.pathname}`).toBe(fake.oauthUrl);
        expect(Object.fromEntries(url.searchParams)).toEqual({
          client_id: APP.appId,
          redirect_uri: `${PUBLIC_URL}/api/auth/${platform}/callback`,
          state: expect.stringMatching(/^[\w-]{24}\.[\w-]{43}$/),
          response_type: 'code',
          scope,
        });
        const nonce = (url.searchParams.get('state') ?? '').split('.')[0];
        const { rows } = await db.query(
          `select owner_id, platform, binding, expires_at - now() between interval '9 minutes 50 seconds' and interval '10 minutes' as ten_minutes
           from oauth_states where nonce = $1`,
          [nonce],
        );
        expect(rows).toEqual([{ owner_id: owner, platform, binding: bindingOf(owner), ten_minutes: true }]);
      },
    );

    it.each([
      ['myspace', 'Platform must be one of: facebook, instagram, whatsapp, twitter'],
      ['Twitter', 'Platform must be one of: facebook, instagram, whatsapp, twitter'],
    ])('refuses the platform %s (400 naming it)', async (platform, message) => {
      const owner = randomUUID();
      for (const subject of [INTEGRATIONS_SUBJECTS.connectUrl, INTEGRATIONS_SUBJECTS.disconnect]) {
        const data = subject === INTEGRATIONS_SUBJECTS.connectUrl ? { binding: bindingOf(owner) } : {};
        expect(await refusal(send(subject, owner, { platform, ...data }))).toMatchObject({
          code: ErrorCode.ValidationFailed,
          message,
          details: { field: 'platform' },
        });
      }
      expect(await refusal(complete({ platform, code: 'x', state: 'y' }))).toMatchObject({ message });
      expect(
        (await db.query('select count(*)::int as n from oauth_states where owner_id = $1', [owner])).rows,
      ).toEqual([{ n: 0 }]);
    });

    it('wants a signed-in owner, and the binding of their session', async () => {
      expect(
        await refusal(
          send(INTEGRATIONS_SUBJECTS.connectUrl, undefined, { platform: 'facebook', binding: 'b' }),
        ),
      ).toMatchObject({
        code: ErrorCode.Unauthenticated,
      });
      const owner = randomUUID();
      for (const binding of [undefined, '']) {
        expect(
          await refusal(send(INTEGRATIONS_SUBJECTS.connectUrl, owner, { platform: 'facebook', binding })),
        ).toMatchObject({ code: ErrorCode.ValidationFailed, details: { field: 'binding' } });
      }
      expect(
        (await db.query('select count(*)::int as n from oauth_states where owner_id = $1', [owner])).rows,
      ).toEqual([{ n: 0 }]);
    });
  });

  describe('completing a connection', () => {
    it('stores the Facebook page, subscribes it to webhooks, and lists it', async () => {
      const owner = randomUUID();
      expect(await connect(owner, 'facebook')).toEqual({ platform: 'facebook', connected: 1 });
      const [integration] = await list(owner);
      expect(integration).toEqual({
        platform: 'facebook',
        isActive: true,
        isConfigured: true,
        pageName: 'Kestrel Test Page',
        lastSync: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        needsReconnect: false,
        accessExpiresAt: null,
        pages: [{ pageId: '20001', pageName: 'Kestrel Test Page' }],
        // Just connected: the token worked and the page was subscribed; no check, webhook or send yet.
        health: expect.objectContaining({ state: 'ok', token: 'valid', subscribed: true, checkedAt: null }),
      });
      expect(Date.now() - Date.parse(integration.lastSync ?? '')).toBeLessThan(60_000);
      expect(fake.subscriptions.get('20001')).toEqual(PAGE_FIELDS);
      const { rows } = await db.query(
        `select i.meta_user_id, i.token_expires_at > now() + interval '59 days' as long_lived,
                p.owner_id, p.business_account_id
           from integrations i join pages p on p.integration_id = i.id where i.owner_id = $1`,
        [owner],
      );
      expect(rows).toEqual([
        { meta_user_id: '10001', long_lived: true, owner_id: owner, business_account_id: null },
      ]);
      expect(await eventsOf(owner, 1)).toEqual([
        {
          ownerId: owner,
          event: expect.objectContaining({ type: 'integration_changed', data: { platform: 'facebook' } }),
        },
      ]);
    });

    it("stores the page's Instagram account, subscribed through its page", async () => {
      const owner = randomUUID();
      expect(await connect(owner, 'instagram')).toEqual({ platform: 'instagram', connected: 1 });
      expect(await list(owner)).toEqual([
        expect.objectContaining({ platform: 'instagram', isActive: true, pageName: 'kestrel.test' }),
      ]);
      const { rows } = await db.query('select page_id, business_account_id from pages where owner_id = $1', [
        owner,
      ]);
      expect(rows).toEqual([{ page_id: '30001', business_account_id: '20001' }]);
      expect(fake.subscriptions.get('20001')).toEqual(PAGE_FIELDS);
    });

    it("stores the WhatsApp Business account's phone numbers, subscribing the account", async () => {
      const owner = randomUUID();
      expect(await connect(owner, 'whatsapp')).toEqual({ platform: 'whatsapp', connected: 1 });
      expect(await list(owner)).toEqual([
        expect.objectContaining({
          platform: 'whatsapp',
          isActive: true,
          pageName: 'Kestrel Test (+1 555 0100)',
          pages: [{ pageId: '50001', pageName: 'Kestrel Test (+1 555 0100)' }],
        }),
      ]);
      const { rows } = await db.query('select page_id, business_account_id from pages where owner_id = $1', [
        owner,
      ]);
      expect(rows).toEqual([{ page_id: '50001', business_account_id: '40001' }]);
      expect(fake.subscriptions.get('40001')).toEqual([]);
    });

    it("says when WhatsApp's access ends (the owner's 60-day token), and asks to reconnect once it has", async () => {
      const owner = randomUUID();
      await connect(owner, 'whatsapp');
      await connect(owner, 'facebook');
      const byPlatform = async () => new Map((await list(owner)).map((item) => [item.platform, item]));
      const before = await byPlatform();
      const ends = Date.parse(before.get('whatsapp')?.accessExpiresAt ?? '');
      expect(ends - Date.now()).toBeGreaterThan(59 * DAY);
      expect(ends - Date.now()).toBeLessThan(61 * DAY);
      expect(before.get('whatsapp')?.needsReconnect).toBe(false);
      // Facebook sends with page tokens, which do not expire.
      expect(before.get('facebook')?.accessExpiresAt).toBeNull();

      await db.query(
        `update integrations set token_expires_at = now() - interval '1 minute' where owner_id = $1`,
        [owner],
      );
      const after = await byPlatform();
      expect(after.get('whatsapp')?.needsReconnect).toBe(true);
      expect(after.get('facebook')?.needsReconnect).toBe(false);

      await connect(owner, 'whatsapp');
      expect((await byPlatform()).get('whatsapp')?.needsReconnect).toBe(false);
    });

    it('keeps no token in plain text anywhere in the schema, only sealed ones that open', async () => {
      const owner = randomUUID();
      for (const platform of ['facebook', 'instagram', 'whatsapp'] as const) await connect(owner, platform);
      const issued = fake.issuedTokens();
      expect(issued.length).toBeGreaterThanOrEqual(4);
      const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns
          where table_schema = 'integrations_service' and data_type in ('text', 'character varying', 'json', 'jsonb')`,
      );
      expect(columns.length).toBeGreaterThan(10);
      const found: string[] = [];
      for (const { table_name, column_name } of columns) {
        const { rows } = await db.query<{ value: string }>(
          `select "${column_name}"::text as value from "${table_name}" where "${column_name}" is not null`,
        );
        for (const { value } of rows) {
          if (issued.some((token) => value.includes(token))) found.push(`${table_name}.${column_name}`);
        }
      }
      expect(found).toEqual([]);

      const box = new SecretBox(DEVELOPMENT_SECRETS_KEY);
      const { rows: sealed } = await db.query<{ token: string }>(
        `select access_token_enc as token from integrations where owner_id = $1
         union all select access_token_enc from pages where owner_id = $1`,
        [owner],
      );
      expect(sealed).toHaveLength(6);
      for (const { token } of sealed) expect(issued).toContain(box.open(token));
    });

    it('lists nothing of another owner, and another owner cannot disconnect it', async () => {
      const owner = randomUUID();
      const stranger = randomUUID();
      await connect(owner, 'facebook');
      expect(await list(stranger)).toEqual([]);
      expect(
        await refusal(send(INTEGRATIONS_SUBJECTS.disconnect, stranger, { platform: 'facebook' })),
      ).toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Facebook is not connected.',
      });
      expect(await list(owner)).toEqual([expect.objectContaining({ platform: 'facebook', isActive: true })]);
      expect(fake.subscriptions.has('20001')).toBe(true);
    });

    it('refuses a page another owner connected when the consent is not an admin’s, and never moves it', async () => {
      const owner = randomUUID();
      const rival = randomUUID();
      await connect(owner, 'facebook');
      const before = await stored();
      fake.pages[0].tasks = ['MODERATE', 'MESSAGING', 'ANALYZE'];
      try {
        expect(await refusal(connect(rival, 'facebook'))).toEqual(
          expect.objectContaining({
            code: ErrorCode.Conflict,
            message: 'The Facebook page "Kestrel Test Page" is already connected to another Parley account.',
            details: { connectFailure: 'already_connected' },
          }),
        );
        // Instagram goes through the same page, and the same role.
        await connect(owner, 'instagram');
        expect(await refusal(connect(rival, 'instagram'))).toMatchObject({
          details: { connectFailure: 'already_connected' },
        });
      } finally {
        delete fake.pages[0].tasks;
      }
      expect((await stored()).pages).toEqual([
        ...before.pages,
        { owner_id: owner, platform: 'instagram', page_id: '30001' },
      ]);
      expect(await list(rival)).toEqual([]);
    });

    it.each([
      ['facebook', '20001', 'Kestrel Test Page'],
      ['instagram', '30001', 'kestrel.test'],
      ['whatsapp', '50001', 'Kestrel Test (+1 555 0100)'],
    ] as const)(
      'moves a %s page another owner holds when its admin consents, and tells that owner',
      async (platform, pageId, name) => {
        const owner = randomUUID();
        const rival = randomUUID();
        await connect(rival, platform);
        await eventsOf(rival, 1);

        expect(await connect(owner, platform)).toEqual({ platform, connected: 1 });

        expect((await db.query('select owner_id from pages where page_id = $1', [pageId])).rows).toEqual([
          { owner_id: owner },
        ]);
        expect(await list(owner)).toEqual([
          expect.objectContaining({ platform, isActive: true, pages: [{ pageId, pageName: name }] }),
        ]);
        // The old account has nothing left there: not connected, its token forgotten.
        expect(await list(rival)).toEqual([
          expect.objectContaining({ platform, isActive: false, pageName: null, pages: [] }),
        ]);
        const { rows } = await db.query('select access_token_enc from integrations where owner_id = $1', [
          rival,
        ]);
        expect(rows).toEqual([{ access_token_enc: null }]);
        const told = (await eventsOf(rival, 2))[1];
        expect(told).toEqual({
          ownerId: rival,
          event: {
            type: 'integration_moved',
            message: expect.stringContaining(`"${name}"`),
            data: { platform, pages: [name] },
          },
        });
      },
    );

    it('connects again over an existing connection of the same owner, with the new token', async () => {
      const owner = randomUUID();
      await connect(owner, 'facebook');
      const first = (await db.query('select access_token_enc from integrations where owner_id = $1', [owner]))
        .rows;
      expect(await connect(owner, 'facebook')).toEqual({ platform: 'facebook', connected: 1 });
      const second = (
        await db.query('select access_token_enc from integrations where owner_id = $1', [owner])
      ).rows;
      expect(second).toHaveLength(1);
      expect(second).not.toEqual(first);
      expect((await list(owner))[0].pages).toHaveLength(1);
    });
  });

  describe('refusing a callback', () => {
    const FORGED = 'This connection link is not valid. Please try again.';

    it.each([
      [
        'another owner’s session',
        (_owner: string, other: string) => ({ owner: other, binding: bindingOf(other) }),
      ],
      [
        'another session of the same owner',
        (owner: string) => ({ owner, binding: `another-${bindingOf(owner)}` }),
      ],
      [
        'the right binding, with another owner',
        (owner: string, other: string) => ({ owner: other, binding: bindingOf(owner) }),
      ],
      ['no session', () => ({})],
      ['the owner, without a binding', (owner: string) => ({ owner })],
    ])('brought back by %s: connects nothing, and the link is used up', async (_what, sessionOf) => {
      const owner = randomUUID();
      const other = randomUUID();
      const callback = await authorize(owner, 'facebook');
      const before = await stored();
      expect(await refusal(complete(callback, sessionOf(owner, other)))).toMatchObject({
        code: ErrorCode.Forbidden,
        details: { connectFailure: 'session_mismatch' },
      });
      expect(await stored()).toEqual(before);
      expect(fake.subscriptions.has('20001')).toBe(false);
      expect(await refusal(complete(callback))).toMatchObject({ details: { connectFailure: 'used' } });
      expect(await list(owner)).toEqual([]);
      expect(await list(other)).toEqual([]);
    });

    it.each([
      [
        'a changed signature',
        (state: string) => `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`,
      ],
      ['a changed nonce', (state: string) => `${state.startsWith('A') ? 'B' : 'A'}${state.slice(1)}`],
      ['no state', () => undefined],
      ['a made-up state', () => 'x'.repeat(24) + '.' + 'y'.repeat(43)],
    ])('with %s: stores nothing', async (_what, tamper) => {
      const owner = randomUUID();
      const callback = await authorize(owner, 'facebook');
      const before = await stored();
      const session = { owner, binding: bindingOf(owner) };
      expect(
        await refusal(complete({ ...callback, state: tamper(callback.state ?? '') }, session)),
      ).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: FORGED,
        details: { connectFailure: 'invalid_state' },
      });
      expect(await stored()).toEqual(before);
      expect(fake.subscriptions.has('20001')).toBe(false);
    });

    it('with a state issued for another platform', async () => {
      const callback = await authorize(randomUUID(), 'facebook');
      expect(await refusal(complete({ ...callback, platform: 'instagram' }))).toMatchObject({
        message: FORGED,
      });
    });

    it('with a state used before, even when the first use succeeded', async () => {
      const owner = randomUUID();
      const callback = await authorize(owner, 'facebook');
      await complete(callback);
      const before = await stored();
      expect(await refusal(complete(callback))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'This connection link was already used. Please try again.',
      });
      expect(await stored()).toEqual(before);
    });

    it('with a state older than 10 minutes, which is used up too', async () => {
      const owner = randomUUID();
      const callback = await authorize(owner, 'facebook');
      const nonce = (callback.state ?? '').split('.')[0];
      await db.query(`update oauth_states set expires_at = now() - interval '1 second' where nonce = $1`, [
        nonce,
      ]);
      const before = await stored();
      expect(await refusal(complete(callback))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'This connection link has expired. Please try again.',
      });
      expect(await stored()).toEqual(before);
      expect((await db.query('select 1 from oauth_states where nonce = $1', [nonce])).rows).toEqual([]);
    });

    it('when the owner cancels Meta’s dialog', async () => {
      fake.denyNextDialog();
      const callback = await authorize(randomUUID(), 'facebook');
      expect(callback).toMatchObject({ error: 'access_denied', code: undefined });
      const before = await stored();
      expect(await refusal(complete(callback))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'Facebook refused the connection.',
        details: { connectFailure: 'denied' },
      });
      expect(await stored()).toEqual(before);
    });

    it('when Meta refuses the code', async () => {
      const callback = await authorize(randomUUID(), 'facebook');
      fake.failNext({ match: 'token', status: 400, code: 100, message: 'Invalid verification code format.' });
      const before = await stored();
      expect(await refusal(complete(callback))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'Facebook refused the connection: Invalid verification code format.',
      });
      expect(await stored()).toEqual(before);
    });

    it('when Meta is down, asking to try again', async () => {
      const callback = await authorize(randomUUID(), 'facebook');
      fake.failNext({ match: 'accounts', status: 503 });
      const before = await stored();
      expect(await refusal(complete(callback))).toMatchObject({
        code: ErrorCode.ServiceUnavailable,
        message: 'Facebook could not be reached. Please try again in a moment.',
      });
      expect(await stored()).toEqual(before);
    });

    it('when subscribing the page fails, storing nothing', async () => {
      const callback = await authorize(randomUUID(), 'facebook');
      fake.failNext({ match: 'subscribe', status: 400, code: 200, message: '(#200) Permissions error' });
      const before = await stored();
      expect(await refusal(complete(callback))).toMatchObject({
        message: 'Facebook refused the connection: (#200) Permissions error',
      });
      expect(await stored()).toEqual(before);
    });
  });

  describe('disconnecting', () => {
    it('unsubscribes the page, removes it and forgets the token', async () => {
      const owner = randomUUID();
      await connect(owner, 'facebook');
      await eventsOf(owner, 1);
      events.length = 0;
      expect(await send(INTEGRATIONS_SUBJECTS.disconnect, owner, { platform: 'facebook' })).toEqual({
        platform: 'facebook',
      });
      expect(fake.subscriptions.has('20001')).toBe(false);
      expect(await list(owner)).toEqual([
        {
          platform: 'facebook',
          isActive: false,
          isConfigured: false,
          pageName: null,
          lastSync: expect.any(String),
          needsReconnect: false,
          accessExpiresAt: null,
          pages: [],
          health: expect.objectContaining({ state: 'disconnected', problems: [] }),
        },
      ]);
      const { rows } = await db.query(
        'select access_token_enc, token_expires_at from integrations where owner_id = $1',
        [owner],
      );
      expect(rows).toEqual([{ access_token_enc: null, token_expires_at: null }]);
      expect((await db.query('select 1 from pages where owner_id = $1', [owner])).rows).toEqual([]);
      expect(await eventsOf(owner, 1)).toEqual([
        {
          ownerId: owner,
          event: expect.objectContaining({ type: 'integration_changed', data: { platform: 'facebook' } }),
        },
      ]);
      expect(
        await refusal(send(INTEGRATIONS_SUBJECTS.disconnect, owner, { platform: 'facebook' })),
      ).toMatchObject({
        code: ErrorCode.NotFound,
      });
    });

    it('disconnects even when Meta fails to unsubscribe', async () => {
      const owner = randomUUID();
      await connect(owner, 'whatsapp');
      fake.failNext({ match: 'subscribe', status: 500 });
      expect(await send(INTEGRATIONS_SUBJECTS.disconnect, owner, { platform: 'whatsapp' })).toEqual({
        platform: 'whatsapp',
      });
      expect(await list(owner)).toEqual([expect.objectContaining({ isActive: false, pages: [] })]);
    });

    it("keeps a page's subscription while another connection still needs it", async () => {
      const owner = randomUUID();
      const other = randomUUID();
      await connect(owner, 'instagram');
      await connect(other, 'facebook');
      await send(INTEGRATIONS_SUBJECTS.disconnect, owner, { platform: 'instagram' });
      expect(fake.subscriptions.get('20001')).toEqual(PAGE_FIELDS);
      await send(INTEGRATIONS_SUBJECTS.disconnect, other, { platform: 'facebook' });
      expect(fake.subscriptions.has('20001')).toBe(false);
    });
  });
});

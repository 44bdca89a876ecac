/**
 * A local stand-in for X's API v2 over real HTTP, so integrations-service reaches it through X_API_URL /
 * X_OAUTH_URL exactly as it reaches X. Tests, the browser journey, the bench and developers
 * (`npm run fake:x`) use it.
 *
 * It imitates:
 * - OAuth 2.0 with PKCE (fake-x-oauth.ts): the authorize page (auto-approving as the configured account,
 *   or denying once), `POST /2/oauth2/token` for a confidential client (Basic auth; the code single-use, 10
 *   minutes, the same redirect_uri, and the S256 challenge checked against code_verifier), refresh tokens
 *   that rotate (each works once; a spent one is refused with X's 400 and counted), `POST /2/oauth2/revoke`;
 * - `GET /2/users/me` (401 for an unknown, expired or revoked token);
 * - Account Activity subscriptions on the configured webhook id: create and check with the user's token
 *   (403 without dm.read / dm.write, or for an app without Account Activity access, `noAccountActivity`),
 *   delete with the app's bearer token;
 * - `POST /2/dm_conversations/with/{participant_id}/messages` (user token with dm.write): 201 with a
 *   `dm_event_id`, `x-rate-limit-limit / -remaining / -reset` on every answer, a 429 once the window is spent
 *   (`rateWindow`), failures on demand (`failNext`: 429, 403, 503 with X's problem shape) and, with
 *   `autoEcho`, the echo X posts of every message the account sends;
 * - webhooks signed with the consumer secret (x-twitter-webhooks-signature), and the CRC check X makes of
 *   the webhook URL (`crc`: asks, and checks the response_token).
 *
 * It does not imitate: the authorize page's UI or scope choices (a test sets `grantScopes`), app-only
 * bearer tokens other than the configured one, registering webhooks (`POST /2/webhooks`), DM media uploads,
 * group conversations, reading DM history, or https.
 *
 * The same controls over HTTP: `GET /_fake/sent`, `POST /_fake/dm { from?, text }` (a customer writes to the
 * connected account: the signed webhook is posted), `POST /_fake/fail { status, count? }`,
 * `POST /_fake/rate { limit, resetInS }`, `POST /_fake/crc`, `POST /_fake/deny-dialog`, `POST /_fake/reset`,
 * `POST /_fake/webhook-url { url }`, `POST /_fake/revoke` (the account takes every token back, `oauth.revokeAll`)
 * and `POST /_fake/unsubscribe` (X drops the account's subscription, `removeSubscription`).
 */
import { randomBytes } from 'node:crypto';
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  type Answer,
  asRecord,
  FakeHttpServer,
  ok,
  post,
  readBody,
  writeAnswer,
} from '../fake-meta/fake-http';
import { FAKE_X_SCOPES, FakeXOAuth, problem } from './fake-x-oauth';
import { type FakeXUser, signXBody, xDirectMessage } from './x-payloads';

export interface FakeXOptions {
  clientId: string;
  clientSecret: string;
  consumerSecret: string;
  webhookId: string;
  appBearer: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The account that consents (the business's). */
  account?: FakeXUser;
  /** Where webhooks go (also settable later). */
  webhookUrl?: string;
  /** After each accepted send, post the echo X would. */
  autoEcho?: boolean;
}

/** A direct message the fake accepted. */
export interface SentDm {
  from: string;
  participantId: string;
  text: string;
  dmEventId: string;
  token: string;
  at: number;
}

export const DEFAULT_X_ACCOUNT: FakeXUser = {
  id: '1570000000000000001',
  name: 'Parley Shop',
  screen_name: 'parleyshop',
};
export const DEFAULT_X_CUSTOMER: FakeXUser = {
  id: '2880000000000000002',
  name: 'Jordan Brinks',
  screen_name: 'jordanb',
};

const WEBHOOK_TIMEOUT_MS = 10_000;

type Route = [
  method: 'GET' | 'POST' | 'DELETE',
  path: RegExp,
  handle: (req: FakeXRequest) => Answer | Promise<Answer>,
];

interface FakeXRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  raw: string;
  json: Record<string, unknown>;
  authorization: string | undefined;
  bearer: string | undefined;
}

export class FakeX {
  readonly account: FakeXUser;
  readonly sent: SentDm[] = [];
  /** Account ids subscribed to the webhook. */
  readonly subscriptions = new Set<string>();
  readonly oauth: FakeXOAuth;
  autoEcho: boolean;
  /** The app has no Account Activity access: subscribing is refused with X's 403. */
  noAccountActivity = false;

  private readonly options: FakeXOptions;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private readonly timers = new Set<NodeJS.Timeout>();
  private webhookTarget: string | undefined;
  private readonly http = new FakeHttpServer('FakeX', (req, res) => void this.serve(req, res));
  private failures: { status: number; left: number }[] = [];
  private rate = { limit: 200, remaining: 200, resetAt: 0, windowS: 900 };
  private nextEventId = 1_000_000;

  private readonly routes: Route[] = [
    ['GET', /^\/i\/oauth2\/authorize$/, (r) => this.oauth.authorize(r.query)],
    ['POST', /^\/2\/oauth2\/token$/, (r) => this.oauth.token(new URLSearchParams(r.raw), r.authorization)],
    ['POST', /^\/2\/oauth2\/revoke$/, (r) => this.oauth.revoke(new URLSearchParams(r.raw), r.authorization)],
    ['GET', /^\/2\/users\/me$/, (r) => this.me(r)],
    [
      'POST',
      /^\/2\/account_activity\/webhooks\/(?<webhook>[^/]+)\/subscriptions\/all$/,
      (r) => this.subscribe(r),
    ],
    [
      'GET',
      /^\/2\/account_activity\/webhooks\/(?<webhook>[^/]+)\/subscriptions\/all$/,
      (r) => this.subscribed(r),
    ],
    [
      'DELETE',
      /^\/2\/account_activity\/webhooks\/(?<webhook>[^/]+)\/subscriptions\/(?<user>[^/]+)\/all$/,
      (r) => this.unsubscribe(r),
    ],
    ['POST', /^\/2\/dm_conversations\/with\/(?<participant>[^/]+)\/messages$/, (r) => this.sendDm(r)],
    ['GET', /^\/_fake\/sent$/, () => ok(this.sent.map(({ token: _token, ...dm }) => dm))],
    ['POST', /^\/_fake\/dm$/, (r) => this.controlDm(r.json)],
    [
      'POST',
      /^\/_fake\/fail$/,
      (r) => this.control(() => this.failNext(Number(r.json.status), Number(r.json.count ?? 1))),
    ],
    [
      'POST',
      /^\/_fake\/rate$/,
      (r) => this.control(() => this.rateWindow(Number(r.json.limit), Number(r.json.resetInS ?? 900))),
    ],
    ['POST', /^\/_fake\/crc$/, async () => ok({ valid: await this.crc() })],
    [
      'POST',
      /^\/_fake\/deny-dialog$/,
      () =>
        this.control(() => {
          this.oauth.denyNext = true;
        }),
    ],
    ['POST', /^\/_fake\/reset$/, () => this.control(() => this.reset())],
    ['POST', /^\/_fake\/revoke$/, () => this.control(() => this.oauth.revokeAll())],
    ['POST', /^\/_fake\/unsubscribe$/, () => this.control(() => this.removeSubscription())],
    ['POST', /^\/_fake\/webhook-url$/, (r) => this.control(() => this.setWebhookUrl(String(r.json.url)))],
  ];

  constructor(options: FakeXOptions) {
    this.options = options;
    this.account = options.account ?? DEFAULT_X_ACCOUNT;
    this.webhookTarget = options.webhookUrl;
    this.autoEcho = options.autoEcho ?? false;
    this.oauth = new FakeXOAuth(options.clientId, options.clientSecret);
  }

  // ---- lifecycle and controls ----

  start(): Promise<void> {
    return this.http.start(this.options.port ?? 0);
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.agent.destroy();
    await this.http.stop();
  }

  /** Give the service X_API_URL = this. */
  get url(): string {
    return this.http.url;
  }

  /** Give the service X_OAUTH_URL = this. */
  get oauthUrl(): string {
    return `${this.url}/i/oauth2/authorize`;
  }

  get webhookUrl(): string | undefined {
    return this.webhookTarget;
  }

  setWebhookUrl(url: string | undefined): void {
    this.webhookTarget = url;
  }

  /** X dropped the account's subscription to the webhook (`subscribe` puts it back unless refused). */
  removeSubscription(accountId = this.account.id): void {
    this.subscriptions.delete(accountId);
  }

  /** The next `count` sends answer `status` (429 with the window's headers, 403, 503…). */
  failNext(status: number, count = 1): void {
    this.failures.push({ status, left: count });
  }

  /** The DM rate window: `limit` sends, resetting `resetInS` after the first. */
  rateWindow(limit: number, resetInS: number): void {
    this.rate = { limit, remaining: limit, resetAt: 0, windowS: resetInS };
  }

  /** Forgets sends, failures, the rate window and a pending denial; tokens and subscriptions stay. */
  reset(): void {
    this.sent.length = 0;
    this.failures = [];
    this.rate = { limit: 200, remaining: 200, resetAt: 0, windowS: 900 };
    this.oauth.denyNext = false;
    this.oauth.grantScopes = [...FAKE_X_SCOPES];
    this.noAccountActivity = false;
  }

  /**
   * Posts a webhook as X does: JSON, x-twitter-webhooks-signature under the consumer secret unless
   * `signature` says otherwise (a string as is, null for none). A string payload is sent byte for byte.
   */
  postWebhook(
    payload: object | string,
    options: { url?: string; signature?: string | null } = {},
  ): Promise<{ status: number; body: string }> {
    const url = options.url ?? this.webhookTarget;
    if (url === undefined) throw new Error('FakeX has no webhook URL');
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const signature =
      options.signature === undefined ? signXBody(this.options.consumerSecret, body) : options.signature;
    const headers: Record<string, string | number> = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    };
    if (signature !== null) headers['x-twitter-webhooks-signature'] = signature;
    return post(this.agent, url, body, headers, WEBHOOK_TIMEOUT_MS);
  }

  /** A customer writes to the connected account: the signed message_create webhook. Answers the event id. */
  async customerWrites(
    text: string,
    from: FakeXUser = DEFAULT_X_CUSTOMER,
    photoUrl?: string,
  ): Promise<string> {
    const id = this.eventId();
    const answer = await this.postWebhook(
      xDirectMessage({ forUserId: this.account.id, from, to: this.account, text, id, photoUrl }),
    );
    if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}: ${answer.body}`);
    return id;
  }

  /** X's CRC check of the webhook URL: a random crc_token, and whether the answer is the right response_token. */
  async crc(url = this.webhookTarget): Promise<boolean> {
    if (url === undefined) throw new Error('FakeX has no webhook URL');
    const token = randomBytes(16).toString('base64url');
    const res = await fetch(`${url}?crc_token=${token}`, { signal: AbortSignal.timeout(3000) });
    const body = asRecord(await res.json().catch(() => undefined));
    return res.status === 200 && body.response_token === signXBody(this.options.consumerSecret, token);
  }

  // ---- dispatch ----

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let answer: Answer;
    try {
      answer = await this.dispatch(req);
    } catch {
      answer = problem(500, 'Internal Server Error', 'Something went wrong');
    }
    writeAnswer(res, answer);
  }

  private async dispatch(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://fake-x');
    const raw = await readBody(req);
    for (const [method, path, handle] of this.routes) {
      const match = method === req.method ? path.exec(url.pathname) : null;
      if (!match) continue;
      let json: Record<string, unknown> = {};
      if (raw !== '' && (req.headers['content-type'] ?? '').includes('json')) {
        try {
          json = asRecord(JSON.parse(raw));
        } catch {
          return problem(400, 'Invalid Request', 'The request body is not valid JSON');
        }
      }
      const authorization = req.headers.authorization;
      const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
      return handle({
        params: { ...match.groups },
        query: url.searchParams,
        raw,
        json,
        authorization,
        bearer,
      });
    }
    return problem(404, 'Not Found Error', `No route for ${req.method} ${url.pathname}`);
  }

  private control(run: () => unknown): Answer {
    run();
    return ok({ ok: true });
  }

  private async controlDm(body: Record<string, unknown>): Promise<Answer> {
    const from = asRecord(body.from);
    const customer =
      typeof from.id === 'string'
        ? { id: from.id, name: String(from.name ?? ''), screen_name: String(from.screen_name ?? from.id) }
        : DEFAULT_X_CUSTOMER;
    return ok({ id: await this.customerWrites(String(body.text ?? ''), customer) });
  }

  // ---- the API ----

  private me({ bearer }: FakeXRequest): Answer {
    if (!this.oauth.grant(bearer)) return unauthorized();
    return ok({ data: { id: this.account.id, name: this.account.name, username: this.account.screen_name } });
  }

  private subscribe({ params, bearer }: FakeXRequest): Answer {
    if (params.webhook !== this.options.webhookId)
      return problem(404, 'Not Found Error', 'Webhook not found');
    const grant = this.oauth.grant(bearer);
    if (!grant) return unauthorized();
    if (this.noAccountActivity)
      return problem(
        403,
        'Client Forbidden',
        'This request must be made using an approved developer account that is enrolled in the requested endpoint.',
      );
    if (!grant.scopes.includes('dm.read') || !grant.scopes.includes('dm.write'))
      return problem(403, 'Forbidden', 'The token lacks the dm.read and dm.write scopes.');
    this.subscriptions.add(this.account.id);
    return ok({ data: { subscribed: true } });
  }

  private subscribed({ params, bearer }: FakeXRequest): Answer {
    if (params.webhook !== this.options.webhookId)
      return problem(404, 'Not Found Error', 'Webhook not found');
    if (!this.oauth.grant(bearer)) return unauthorized();
    return ok({ data: { subscribed: this.subscriptions.has(this.account.id) } });
  }

  private unsubscribe({ params, bearer }: FakeXRequest): Answer {
    if (bearer !== this.options.appBearer) return unauthorized();
    if (params.webhook !== this.options.webhookId)
      return problem(404, 'Not Found Error', 'Webhook not found');
    this.subscriptions.delete(params.user);
    return { status: 204 };
  }

  private sendDm({ params, bearer, json }: FakeXRequest): Answer {
    const grant = this.oauth.grant(bearer);
    if (!grant || bearer === undefined) return unauthorized();
    if (!grant.scopes.includes('dm.write'))
      return problem(403, 'Forbidden', 'The token lacks the dm.write scope.');
    const headers = this.spendRate();
    const failure = this.failures[0];
    if (failure) {
      failure.left -= 1;
      if (failure.left <= 0) this.failures.shift();
      return injected(failure.status, headers);
    }
    if (headers === undefined)
      return problem(429, 'Too Many Requests', 'Too Many Requests', this.rateHeaders());
    const text = typeof json.text === 'string' ? json.text : '';
    if (text === '')
      return problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.');
    const dmEventId = this.eventId();
    const participantId = params.participant;
    this.sent.push({ from: this.account.id, participantId, text, dmEventId, token: bearer, at: Date.now() });
    if (this.autoEcho) this.echo(participantId, text, dmEventId);
    return {
      status: 201,
      body: { data: { dm_conversation_id: `${participantId}-${this.account.id}`, dm_event_id: dmEventId } },
      headers,
    };
  }

  /** Takes one call from the rate window; undefined (and no call taken) when it is spent. */
  private spendRate(): Record<string, string> | undefined {
    const now = Date.now();
    if (this.rate.resetAt <= now) {
      this.rate.remaining = this.rate.limit;
      this.rate.resetAt = now + this.rate.windowS * 1000;
    }
    if (this.rate.remaining <= 0) return undefined;
    this.rate.remaining -= 1;
    return this.rateHeaders();
  }

  private rateHeaders(): Record<string, string> {
    return {
      'x-rate-limit-limit': String(this.rate.limit),
      'x-rate-limit-remaining': String(this.rate.remaining),
      'x-rate-limit-reset': String(Math.ceil(this.rate.resetAt / 1000)),
    };
  }

  /** The echo X posts of a message the account sent (~50 ms later). */
  private echo(participantId: string, text: string, id: string): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const to =
        participantId === DEFAULT_X_CUSTOMER.id
          ? DEFAULT_X_CUSTOMER
          : { id: participantId, name: '', screen_name: participantId };
      void this.postWebhook(
        xDirectMessage({
          forUserId: this.account.id,
          from: this.account,
          to,
          text,
          id,
          sourceAppId: '100200300',
        }),
      ).catch(() => undefined);
    }, 50);
    this.timers.add(timer);
  }

  private eventId(): string {
    this.nextEventId += 1;
    return `18${Date.now()}${this.nextEventId}`;
  }
}

function unauthorized(): Answer {
  return problem(401, 'Unauthorized', 'Unauthorized');
}

function injected(status: number, headers: Record<string, string> | undefined): Answer {
  switch (status) {
    case 429:
      return problem(429, 'Too Many Requests', 'Too Many Requests', {
        ...headers,
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + 2),
      });
    case 403:
      return problem(403, 'Forbidden', 'You are not permitted to send messages to this user.', headers);
    default:
      return problem(status, 'Service Unavailable', 'Service Unavailable', headers);
  }
}

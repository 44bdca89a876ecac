/**
 * A local stand-in for Meta: the OAuth dialog and the Graph API (v21.0) over real HTTP, so
 * integrations-service reaches it through META_OAUTH_URL / META_GRAPH_URL exactly as it reaches Meta.
 * Tests, the browser journey, the bench and developers (`npm run fake:meta`) use it.
 *
 * It imitates:
 * - the OAuth dialog, auto-approving as the configured user (or denying once, `denyNextDialog`), and the
 *   token endpoint: code → user token (codes are single-use, live 10 minutes, need the dialog's exact
 *   redirect_uri and the app secret) and fb_exchange_token → long-lived user token;
 * - `me`, `me/accounts` (one opaque page token per page, and the user's `tasks` on it: an admin's unless a
 *   page says otherwise), `debug_token` with granular scopes (the
 *   WhatsApp business accounts, pages and Instagram accounts each granted scope covers), a WhatsApp
 *   business account's `phone_numbers`, and `subscribed_apps` (POST / GET / DELETE) on a page (page
 *   token), an Instagram account (its page's token) or a WhatsApp business account (user token);
 * - a WhatsApp business account's `message_templates` (user token): each account's `templates` (default:
 *   DEFAULT_TEMPLATES in fake-data.ts), filtered by `status`, `name` and `language`, only the `fields` asked
 *   (and id), paged by `limit` (default 25) and the `after` cursor as Graph pages an edge;
 * - customer profile lookups (`GET /<psid|igsid>?fields=…`): `profiles` when given, else a generated
 *   "Customer <last 4 digits>";
 * - the Messenger / Instagram send API (`POST /<page id | Instagram account id | me>/messages`, page token)
 *   and the WhatsApp Cloud messages API (`POST /<phone number id>/messages`, user token), text and, on
 *   WhatsApp, approved templates with text body parameters (recorded as the text the customer reads),
 *   with Meta's answers and error shapes (190 bad token, 100 bad parameter, 100/33 unknown object,
 *   132001 no such approved template, 132000 wrong parameter count, 132018 bad parameter text);
 * - failures on demand (`failNext`: 429 / 400 / 500 / 503 with Meta's codes and Retry-After);
 * - webhooks signed with the app secret (`postWebhook`), and with `autoStatus` what follows a send:
 *   Messenger echo (with app_id) → delivery → read, Instagram echo → read (Instagram has no delivery
 *   event), WhatsApp delivered → read statuses, ~50 ms apart, in order.
 *
 * - a token taken back (`revokeToken`: refused everywhere, debug_token's `is_valid: false`), a subscription
 *   Meta dropped (`removeSubscription`) and one it will not make again (`refuseSubscribing`);
 *
 * It does not imitate: App Review or per-call permission checks (a token of the right kind is enough;
 * debug_token reports what the dialog granted), the dialog's UI, token expiry, the
 * messaging window (the service enforces it; `failNext({ match: 'send', status: 400, code: 10 })` shows
 * Meta's refusal), message types other than text and template, media (a template with a media header is
 * refused), template header or button parameters, named parameters and parameters other than text,
 * creating or editing templates and their review, paging other than message_templates' (no `before` or
 * `previous`), batch requests, rate limits of its own, or https for webhooks. A send addressed to the page
 * id is recorded as Messenger: Instagram sends go to the Instagram account id.
 *
 * Beside this file: fake-oauth.ts (dialog, token endpoint, what each token grants), send-api.ts (the send
 * APIs' rules and answers, templates included), graph-errors.ts (Meta's error shapes, injected failures),
 * graph-query.ts (`fields` and cursor paging), meta-payloads.ts (webhook bodies), sign.ts
 * (X-Hub-Signature-256), fake-data.ts (the default user, page, number and templates).
 *
 * The same controls over HTTP, for the browser journey and developers: `GET /_fake/sent`,
 * `GET /_fake/subscriptions`, `POST /_fake/fail` (failNext's fields, `match` a kind or a pattern),
 * `POST /_fake/deny-dialog`, `POST /_fake/reset`, `POST /_fake/webhook { url?, payload }` (signs and posts,
 * to the webhook URL by default), `POST /_fake/webhook-url { url }`, `POST /_fake/revoke { pageId, restore? }`
 * and `POST /_fake/unsubscribe { id, refuse? }`.
 */
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  ADMIN_TASKS,
  DEFAULT_PAGES,
  DEFAULT_USER,
  DEFAULT_WHATSAPP,
  type FakeProfile,
  type FakeUser,
  type FakePage,
  type FakeTemplate,
  type FakeWhatsAppAccount,
  type SentMessage,
} from './fake-data';
import {
  type Answer,
  asRecord,
  FakeHttpServer,
  INVALID_JSON,
  ok,
  parseJson,
  post,
  readBody,
  writeAnswer,
} from './fake-http';
import { FakeOAuth, USER_TOKEN_EXPIRES_IN } from './fake-oauth';
import {
  type FailureKind,
  type FailureRule,
  FAILURE_KINDS,
  graphError,
  injectedFailure,
  invalidParameter,
  invalidToken,
  missingParameter,
  unknownObject,
} from './graph-errors';
import {
  instagramEcho,
  instagramRead,
  messengerDelivery,
  messengerEcho,
  messengerRead,
  whatsappStatus,
} from './meta-payloads';
import { cursorPage, pickFields } from './graph-query';
import {
  type MessengerSender,
  type WhatsAppSender,
  PAGE_TOKEN_REQUIRED,
  messengerSend,
  waId,
  whatsappSend,
} from './send-api';
import { signMetaBody } from './sign';

export type { FailureKind, FailureRule } from './graph-errors';

export interface FakeMetaOptions {
  appId: string;
  appSecret: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  user?: FakeUser;
  pages?: FakePage[];
  /** An account given without `templates` has none. */
  whatsapp?: (Omit<FakeWhatsAppAccount, 'templates'> & { templates?: FakeTemplate[] })[];
  profiles?: Record<string, FakeProfile>;
  /** Where autoStatus webhooks go (also settable later). */
  webhookUrl?: string;
  /** After each accepted send, post the echo / delivery / read webhooks Meta would. */
  autoStatus?: boolean;
}

export interface WebhookAnswer {
  status: number;
  body: string;
}

const FOLLOW_UP_GAP_MS = 50;
const WEBHOOK_TIMEOUT_MS = 10_000;

interface FakeRequest {
  /** The path's object id (page, account, customer…), '' when the route has none. */
  id: string;
  query: URLSearchParams;
  body: unknown;
  /** `access_token` from the query, else an `Authorization: Bearer` header. */
  token: string | undefined;
}

/**
 * One row of the route table: method, path, the kind of Graph call a `failNext` rule can hit (none for the
 * dialog and the control API), handler.
 */
type Route = [
  method: 'GET' | 'POST' | 'DELETE',
  path: RegExp,
  kind: FailureKind | null,
  handle: (req: FakeRequest) => Answer | Promise<Answer>,
];

/** A Graph path under any version; `:id` captures the object id. */
const graph = (rest: string) => new RegExp(`^/v\\d+\\.\\d+/${rest.replace(':id', '(?<id>[^/]+)')}$`);
const control = (name: string) => new RegExp(`^/_fake/${name}$`);

export class FakeMeta {
  readonly appId: string;
  readonly appSecret: string;
  readonly user: FakeUser;
  readonly pages: FakePage[];
  readonly whatsapp: FakeWhatsAppAccount[];
  /** Every accepted send, oldest first. */
  readonly sent: SentMessage[] = [];
  /** Current webhook subscriptions: object id → subscribed fields. */
  readonly subscriptions = new Map<string, string[]>();
  /** After each accepted send, post the webhooks Meta would (see the file's comment). */
  autoStatus: boolean;

  private readonly port: number;
  private readonly profiles: Record<string, FakeProfile>;
  private readonly oauth: FakeOAuth;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private readonly timers = new Set<NodeJS.Timeout>();
  private webhookTarget: string | undefined;
  private readonly http = new FakeHttpServer('FakeMeta', (req, res) => void this.serve(req, res));
  private failures: { rule: FailureRule; left: number }[] = [];
  private profileDelayMs = 0;
  private subscribeRefused: string | null = null;

  private readonly routes: Route[] = [
    ['GET', /^(?:\/v\d+\.\d+)?\/dialog\/oauth$/, null, (r) => this.oauth.dialog(r.query)],
    ['GET', graph('oauth/access_token'), 'token', (r) => this.oauth.accessToken(r.query)],
    ['GET', graph('debug_token'), 'accounts', (r) => this.debugToken(r)],
    ['GET', graph('me'), 'accounts', (r) => this.me(r)],
    ['GET', graph('me/accounts'), 'accounts', (r) => this.accounts(r)],
    ['GET', graph(':id/phone_numbers'), 'accounts', (r) => this.phoneNumbers(r)],
    ['GET', graph(':id/message_templates'), 'templates', (r) => this.messageTemplates(r)],
    ['GET', graph(':id/subscribed_apps'), 'subscribe', (r) => this.subscribedApps(r)],
    ['POST', graph(':id/subscribed_apps'), 'subscribe', (r) => this.subscribe(r)],
    ['DELETE', graph(':id/subscribed_apps'), 'subscribe', (r) => this.unsubscribe(r)],
    ['POST', graph(':id/messages'), 'send', (r) => this.send(r)],
    ['GET', graph(':id'), 'profile', (r) => this.profile(r)],
    ['GET', control('sent'), null, () => ok(this.sent)],
    ['GET', control('subscriptions'), null, () => ok(Object.fromEntries(this.subscriptions))],
    ['POST', control('fail'), null, (r) => this.controlFail(r.body)],
    ['POST', control('deny-dialog'), null, () => this.control(() => this.denyNextDialog())],
    ['POST', control('reset'), null, () => this.control(() => this.reset())],
    ['POST', control('webhook'), null, (r) => this.controlWebhook(r.body)],
    ['POST', control('webhook-url'), null, (r) => this.controlWebhookUrl(r.body)],
    ['POST', control('revoke'), null, (r) => this.controlRevoke(r.body)],
    ['POST', control('unsubscribe'), null, (r) => this.controlUnsubscribe(r.body)],
  ];

  constructor(options: FakeMetaOptions) {
    this.appId = options.appId;
    this.appSecret = options.appSecret;
    this.port = options.port ?? 0;
    this.user = options.user ?? DEFAULT_USER;
    // Copies: a test may change a page (its tasks) without changing another fake's.
    this.pages = (options.pages ?? DEFAULT_PAGES).map((page) => ({ ...page }));
    this.whatsapp = (options.whatsapp ?? DEFAULT_WHATSAPP).map((account) => ({
      ...account,
      templates: account.templates ?? [],
    }));
    this.profiles = { ...options.profiles };
    this.webhookTarget = options.webhookUrl;
    this.autoStatus = options.autoStatus ?? false;
    this.oauth = new FakeOAuth(options.appId, options.appSecret);
  }

  // ---- lifecycle and controls ----

  start(): Promise<void> {
    return this.http.start(this.port);
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.agent.destroy();
    await this.http.stop();
  }

  get url(): string {
    return this.http.url;
  }

  /** Give the service META_GRAPH_URL = this. */
  get graphUrl(): string {
    return `${this.url}/v21.0`;
  }

  /** Give the service META_OAUTH_URL = this. */
  get oauthUrl(): string {
    return `${this.url}/dialog/oauth`;
  }

  get webhookUrl(): string | undefined {
    return this.webhookTarget;
  }

  setWebhookUrl(url: string | undefined): void {
    this.webhookTarget = url;
  }

  /** The next `count` calls matching `rule.match` fail as told (rules are used in the order given). */
  failNext(rule: FailureRule): void {
    this.failures.push({ rule, left: rule.count ?? 1 });
  }

  /** The customer `id`'s profile from now on (a customer who changed their name on Facebook). */
  setProfile(id: string, profile: FakeProfile): void {
    this.profiles[id] = profile;
  }

  /** Profile lookups answer after `ms` (0: at once), as a slow Graph API would. */
  slowProfiles(ms: number): void {
    this.profileDelayMs = ms;
  }

  /** The next OAuth dialog sends the user back with error=access_denied. */
  denyNextDialog(): void {
    this.oauth.denyNext = true;
  }

  /**
   * Forgets sends, pending failures and a pending denial; pages, numbers, templates, tokens and
   * subscriptions stay.
   */
  reset(): void {
    this.sent.length = 0;
    this.failures = [];
    this.oauth.denyNext = false;
    this.profileDelayMs = 0;
    this.subscribeRefused = null;
  }

  /** The page token the fake issues for `pageId` (the same for the fake's lifetime). */
  pageToken(pageId: string): string {
    return this.oauth.pageToken(pageId);
  }

  /**
   * A user token granting `scopes`, as the OAuth dialog and code exchange would issue one (a WhatsApp number
   * is sent from, and its templates read, with the user's token).
   */
  userToken(scopes = ['whatsapp_business_management', 'whatsapp_business_messaging']): string {
    return this.oauth.userToken(scopes);
  }

  /**
   * The owner takes Parley's access back in Facebook: every call with `token` is refused (190), and
   * debug_token says `is_valid: false` with Meta's reason. `restoreToken` grants it again.
   */
  revokeToken(token: string): void {
    this.oauth.revoke(token);
  }

  restoreToken(token: string): void {
    this.oauth.restore(token);
  }

  /** Meta dropped the app's webhook subscription on `objectId` (a page, or a WhatsApp Business account). */
  removeSubscription(objectId: string): void {
    this.subscriptions.delete(objectId);
  }

  /**
   * Subscribing the app on `objectId` is refused from now on (Meta's 403, (#200) Permissions error), as
   * when the page's admin removed the app; `null` allows it again.
   */
  refuseSubscribing(objectId: string | null): void {
    this.subscribeRefused = objectId;
  }

  /** Every access token issued so far (user and page), e.g. to check none is stored in plain text. */
  issuedTokens(): string[] {
    return this.oauth.issuedTokens();
  }

  /**
   * Posts a webhook as Meta does: JSON, `X-Hub-Signature-256` under the app secret unless `signature`
   * says otherwise (a string is sent as is, null sends no header). A string payload is sent byte for byte.
   * http:// URLs only.
   */
  postWebhook(
    url: string,
    payload: object | string,
    options: { signature?: string | null } = {},
  ): Promise<WebhookAnswer> {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const signature =
      options.signature === undefined ? signMetaBody(this.appSecret, body) : options.signature;
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'user-agent': 'facebookexternalua',
    };
    if (signature !== null) headers['x-hub-signature-256'] = signature;
    return post(this.agent, url, body, headers, WEBHOOK_TIMEOUT_MS);
  }

  // ---- dispatch ----

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let answer: Answer;
    try {
      answer = await this.dispatch(req);
    } catch {
      answer = graphError(500, 1, 'An unknown error occurred', { transient: true });
    }
    writeAnswer(res, answer);
  }

  private async dispatch(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://fake-meta');
    const raw = await readBody(req);
    for (const [method, path, kind, handle] of this.routes) {
      const match = method === req.method ? path.exec(url.pathname) : null;
      if (!match) continue;
      const id = match.groups?.id ?? '';
      const body = parseJson(raw);
      if (body === INVALID_JSON) return invalidParameter('The request body is not valid JSON');
      const failure = kind === null ? undefined : this.takeFailure(kind, url.pathname);
      if (failure) return injectedFailure(failure, kind === 'send' && this.phoneNumber(id) !== undefined);
      const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const token = url.searchParams.get('access_token') ?? bearer;
      return handle({ id, query: url.searchParams, body, token });
    }
    return graphError(400, 2500, `Unknown path components: ${url.pathname}`);
  }

  private takeFailure(kind: FailureKind, path: string): FailureRule | undefined {
    const index = this.failures.findIndex(({ rule }) =>
      rule.match instanceof RegExp ? path.search(rule.match) >= 0 : rule.match === kind,
    );
    if (index < 0) return undefined;
    const failure = this.failures[index];
    failure.left -= 1;
    if (failure.left <= 0) this.failures.splice(index, 1);
    return failure.rule;
  }

  private phoneNumber(id: string): WhatsAppSender | undefined {
    for (const account of this.whatsapp) {
      const phone = account.phoneNumbers.find((number) => number.id === id);
      if (phone) return { account, phone };
    }
    return undefined;
  }

  /** The page behind a page id or its Instagram account id. */
  private pageFor(id: string): MessengerSender | undefined {
    const page = this.pages.find((p) => p.id === id);
    if (page) return { page, platform: 'facebook' };
    const owner = this.pages.find((p) => p.instagram_business_account?.id === id);
    return owner && { page: owner, platform: 'instagram' };
  }

  // ---- what the user manages ----

  private me({ token }: FakeRequest): Answer {
    const grant = this.oauth.grant(token);
    if (grant?.kind === 'user') return ok({ id: this.user.id, name: this.user.name });
    const page = grant && this.pages.find((p) => p.id === grant.pageId);
    return page ? ok({ id: page.id, name: page.name }) : invalidToken();
  }

  private accounts({ token }: FakeRequest): Answer {
    if (this.oauth.grant(token)?.kind !== 'user') return invalidToken();
    const data = this.pages.map((page) => ({
      id: page.id,
      name: page.name,
      access_token: this.oauth.pageToken(page.id),
      tasks: page.tasks ?? ADMIN_TASKS,
      ...(page.instagram_business_account
        ? { instagram_business_account: page.instagram_business_account }
        : {}),
    }));
    return ok({ data, paging: {} });
  }

  private debugToken({ query, token }: FakeRequest): Answer {
    if (!this.oauth.isAppToken(token)) return invalidToken();
    const input = query.get('input_token');
    if (!input) return missingParameter('input_token');
    const grant = this.oauth.grant(input);
    if (!grant) {
      // Meta answers a token it no longer accepts with 200 and the reason inside `data`.
      const error = this.oauth.isRevoked(input)
        ? {
            code: 190,
            subcode: 458,
            message: `Error validating access token: The user has not authorized application ${this.appId}.`,
          }
        : { code: 190, message: 'Invalid OAuth access token.' };
      return ok({ data: { app_id: this.appId, is_valid: false, scopes: [], error } });
    }
    const common = { app_id: this.appId, application: 'Parley', is_valid: true, user_id: this.user.id };
    if (grant.kind === 'page')
      return ok({ data: { ...common, type: 'PAGE', profile_id: grant.pageId, expires_at: 0 } });
    return ok({
      data: {
        ...common,
        type: 'USER',
        expires_at: Math.floor(Date.now() / 1000) + USER_TOKEN_EXPIRES_IN,
        scopes: grant.scopes,
        granular_scopes: this.granularScopes(grant.scopes),
      },
    });
  }

  /** Which objects each granted scope covers: pages_*, instagram_* and whatsapp_* scopes name theirs. */
  private granularScopes(scopes: string[]): { scope: string; target_ids: string[] }[] {
    const targets = (scope: string): string[] | undefined => {
      if (scope.startsWith('pages_')) return this.pages.map((p) => p.id);
      if (scope.startsWith('instagram_'))
        return this.pages.flatMap((p) => p.instagram_business_account?.id ?? []);
      if (scope.startsWith('whatsapp_')) return this.whatsapp.map((w) => w.wabaId);
      return undefined;
    };
    return scopes.flatMap((scope) => {
      const ids = targets(scope);
      return ids ? [{ scope, target_ids: ids }] : [];
    });
  }

  private phoneNumbers({ id, token }: FakeRequest): Answer {
    if (this.oauth.grant(token)?.kind !== 'user') return invalidToken();
    const account = this.whatsapp.find((w) => w.wabaId === id);
    if (!account) return unknownObject('GET', id);
    const data = account.phoneNumbers.map((phone) => ({
      verified_name: phone.name,
      display_phone_number: phone.display,
      id: phone.id,
      quality_rating: 'GREEN',
    }));
    return ok({ data });
  }

  /**
   * A WhatsApp business account's templates, those matching `status`, `name` and `language` when given
   * (exact values), each with the `fields` asked (and its id) or all of them, paged by `limit` and `after`.
   */
  private messageTemplates({ id, query, token }: FakeRequest): Answer {
    if (this.oauth.grant(token)?.kind !== 'user') return invalidToken();
    const account = this.whatsapp.find((w) => w.wabaId === id);
    if (!account) return unknownObject('GET', id);
    const filters = (['status', 'name', 'language'] as const).flatMap((key) => {
      const value = query.get(key);
      return value === null ? [] : [{ key, value }];
    });
    const matching = account.templates.filter((template) =>
      filters.every(({ key, value }) => template[key] === value),
    );
    const fields = query.get('fields');
    return cursorPage(matching, query, `${this.graphUrl}/${id}/message_templates`, (template) =>
      fields === null ? template : pickFields(template, fields, template.id),
    );
  }

  // ---- webhook subscriptions ----

  /** A refusal unless the token may manage `id`'s subscription: its page's token, or a user token for a WABA. */
  private refuseSubscriber(method: string, id: string, token: string | undefined): Answer | undefined {
    const grant = this.oauth.grant(token);
    if (!grant) return invalidToken();
    if (this.whatsapp.some((w) => w.wabaId === id)) return grant.kind === 'user' ? undefined : invalidToken();
    const target = this.pageFor(id);
    if (!target) return unknownObject(method, id);
    if (grant.kind === 'user') return graphError(400, 210, PAGE_TOKEN_REQUIRED);
    return grant.pageId === target.page.id ? undefined : unknownObject(method, id);
  }

  private subscribedApps({ id, token }: FakeRequest): Answer {
    const refused = this.refuseSubscriber('GET', id, token);
    if (refused) return refused;
    const fields = this.subscriptions.get(id);
    return ok({ data: fields ? [{ id: this.appId, name: 'Parley', subscribed_fields: fields }] : [] });
  }

  /** Pages and Instagram accounts name their fields; a WhatsApp business account takes none. */
  private subscribe({ id, query, token }: FakeRequest): Answer {
    const refused = this.refuseSubscriber('POST', id, token);
    if (refused) return refused;
    if (id === this.subscribeRefused)
      return graphError(403, 200, '(#200) Permissions error: the app is not installed on this object');
    const fields = (query.get('subscribed_fields') ?? '').split(',').map((f) => f.trim());
    const named = fields.filter(Boolean);
    if (named.length === 0 && this.pageFor(id)) return missingParameter('subscribed_fields');
    this.subscriptions.set(id, named);
    return ok({ success: true });
  }

  private unsubscribe({ id, token }: FakeRequest): Answer {
    const refused = this.refuseSubscriber('DELETE', id, token);
    if (refused) return refused;
    this.subscriptions.delete(id);
    return ok({ success: true });
  }

  // ---- profiles ----

  /**
   * Meta's User Profile API: only the fields asked for (default: name), and the id. Messenger asks
   * `first_name,last_name,name,profile_pic` of a PSID, Instagram `name,username,profile_pic` of an IGSID.
   */
  private async profile({ id, query, token }: FakeRequest): Promise<Answer> {
    if (this.profileDelayMs > 0) await this.pause(this.profileDelayMs);
    if (!this.oauth.grant(token)) return invalidToken();
    const last4 = id.slice(-4);
    const profile: FakeProfile = this.profiles[id] ?? {
      first_name: 'Customer',
      last_name: last4,
      name: `Customer ${last4}`,
      username: `customer_${last4}`,
      profile_pic: `https://fake-meta.local/profile/${id}.jpg`,
    };
    return ok(pickFields(profile, query.get('fields') ?? 'name', id));
  }

  // ---- sending ----

  private send({ id, body, token }: FakeRequest): Answer {
    const grant = this.oauth.grant(token);
    const whatsapp = this.phoneNumber(id);
    const outcome = whatsapp
      ? whatsappSend(whatsapp, grant, body)
      : messengerSend(
          this.pageFor(id === 'me' && grant?.kind === 'page' ? grant.pageId : id),
          id,
          grant,
          body,
        );
    if ('refused' in outcome) return outcome.refused;
    const sent = this.record(outcome.accepted);
    if (this.autoStatus) this.postInTurn(this.followUps(sent));
    return ok(outcome.answer);
  }

  /** The webhooks Meta posts after a send: its echo, delivery and read, as each platform has them. */
  private followUps(sent: SentMessage): (() => object)[] {
    const { pageId, recipientId, text, messageId: mid } = sent;
    switch (sent.platform) {
      case 'facebook': {
        const thread = { pageId, psid: recipientId };
        return [
          () => messengerEcho({ ...thread, text, mid, appId: this.appId }),
          () => messengerDelivery({ ...thread, mids: [mid], watermark: sent.at }),
          () => messengerRead({ ...thread, watermark: Date.now() }),
        ];
      }
      case 'instagram': {
        const thread = { igId: pageId, igsid: recipientId };
        return [
          () => instagramEcho({ ...thread, text, mid, appId: this.appId }),
          () => instagramRead({ ...thread, mid }),
        ];
      }
      case 'whatsapp': {
        const found = this.phoneNumber(pageId);
        if (!found) return [];
        const status = (value: 'delivered' | 'read') => () =>
          whatsappStatus({
            wabaId: found.account.wabaId,
            phoneNumberId: pageId,
            displayPhone: waId(found.phone.display),
            id: mid,
            status: value,
            recipientId: waId(recipientId),
          });
        return [status('delivered'), status('read')];
      }
    }
  }

  private record(message: Omit<SentMessage, 'at'>): SentMessage {
    const sent = { ...message, at: Date.now() };
    this.sent.push(sent);
    return sent;
  }

  /** Posts the webhooks one after the other, FOLLOW_UP_GAP_MS apart, to the webhook URL of the moment. */
  private postInTurn(payloads: (() => object)[]): void {
    void (async () => {
      for (const build of payloads) {
        await this.pause(FOLLOW_UP_GAP_MS);
        const url = this.webhookTarget;
        if (!url || !this.http.running) return;
        // The service may be down or slow: Meta would retry later; the fake just moves on.
        await this.postWebhook(url, build()).catch(() => undefined);
      }
    })();
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  // ---- control API ----

  private control(run: () => void): Answer {
    run();
    return ok({ ok: true });
  }

  private controlFail(body: unknown): Answer {
    const { match, status, count, code, message, retryAfterS } = asRecord(body);
    if (typeof match !== 'string' || match === '') return controlError('match is required');
    if (status !== 429 && status !== 400 && status !== 500 && status !== 503) {
      return controlError('status must be 429, 400, 500 or 503');
    }
    const kind = FAILURE_KINDS.find((k) => k === match);
    this.failNext({
      match: kind ?? new RegExp(match),
      status,
      ...(typeof count === 'number' ? { count } : {}),
      ...(typeof code === 'number' ? { code } : {}),
      ...(typeof message === 'string' ? { message } : {}),
      ...(typeof retryAfterS === 'number' ? { retryAfterS } : {}),
    });
    return ok({ ok: true });
  }

  private async controlWebhook(body: unknown): Promise<Answer> {
    const { url, payload } = asRecord(body);
    const target = typeof url === 'string' ? url : this.webhookTarget;
    if (!target) return controlError('url is required (no webhook URL is set)');
    if (typeof payload !== 'object' || payload === null) return controlError('payload must be an object');
    try {
      return ok(await this.postWebhook(target, payload));
    } catch (error) {
      return { status: 502, body: { error: `webhook post failed: ${(error as Error).message}` } };
    }
  }

  /** `{ pageId, restore? }`: the page's token is revoked (or granted again). */
  private controlRevoke(body: unknown): Answer {
    const { pageId, restore } = asRecord(body);
    if (typeof pageId !== 'string' || pageId === '') return controlError('pageId is required');
    const token = this.pageToken(pageId);
    return this.control(() => (restore === true ? this.restoreToken(token) : this.revokeToken(token)));
  }

  /** `{ id, refuse? }`: the subscription on `id` is dropped (and subscribing again refused). */
  private controlUnsubscribe(body: unknown): Answer {
    const { id, refuse } = asRecord(body);
    if (typeof id !== 'string' || id === '') return controlError('id is required');
    return this.control(() => {
      this.removeSubscription(id);
      if (refuse === true) this.refuseSubscribing(id);
    });
  }

  private controlWebhookUrl(body: unknown): Answer {
    const { url } = asRecord(body);
    if (typeof url !== 'string' || !/^http:\/\//.test(url)) return controlError('url must be an http:// URL');
    this.setWebhookUrl(url);
    return ok({ ok: true });
  }
}

function controlError(message: string): Answer {
  return { status: 400, body: { error: message } };
}

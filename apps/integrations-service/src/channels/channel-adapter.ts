import type {
  ChannelPlatform,
  ConnectFailure,
  MessageAttachment,
  MessagingWindow,
  TemplateChoice,
} from '@parley/contracts';

/**
 * The seam between Parley and a messaging provider (docs/channels.md, "Adding a channel"). Everything
 * above it — connecting, the webhook store, the ingest job, the delivery job — talks to a channel only
 * through this interface and the ChannelRegistry, and never names a provider. One adapter per provider,
 * in its own folder (`channels/meta/`), serving one or more platforms.
 */
export interface ChannelAdapter {
  /**
   * The provider's webhook name: `/api/webhooks/{source}`, the NATS subjects
   * `integrations.webhooks.{source}.*` and `webhook_events.source`. Stored, so never renamed.
   */
  readonly source: string;
  /** The platforms this provider serves (each platform has exactly one adapter). */
  readonly platforms: readonly ChannelPlatform[];
  /** The provider, as the owner is told who refused Parley's access: "Meta". */
  readonly provider: string;
  /** Who the owner meets in the provider's consent screen, in connect errors: "Facebook". */
  readonly consentName: string;
  /**
   * Whether the provider's OAuth needs PKCE (RFC 7636, S256): a verifier is then made for each state, kept
   * sealed with it (OAuthStates), its challenge given to `authUrl` and the verifier to `connect`.
   */
  readonly usesPkce: boolean;

  // ── Connect and callback ────────────────────────────────────────────────────────────────────────
  /** What one connected asset is called in an error: "Facebook page", "WhatsApp number". */
  assetNoun(platform: ChannelPlatform): string;
  /** Why a consent that reached nothing connects nothing, in the owner's words. */
  noAssets(platform: ChannelPlatform): string;
  /**
   * The provider's authorisation page for `platform`, carrying our signed `state` (OAuthStates), and the
   * PKCE challenge when the provider uses one (`usesPkce`).
   */
  authUrl(platform: ChannelPlatform, state: string, redirectUri: string, codeChallenge?: string): string;
  /**
   * The callback's code (with the state's PKCE verifier, `usesPkce`) → the account that granted access, its
   * token and the assets it reaches. A consent that cannot serve as a channel is a ChannelRefusal.
   */
  connect(
    platform: ChannelPlatform,
    code: string,
    redirectUri: string,
    codeVerifier?: string,
  ): Promise<ChannelGrant>;
  /** Asks the provider to send the assets' webhooks to Parley (every one, or it throws). */
  subscribe(platform: ChannelPlatform, assets: readonly ChannelAsset[]): Promise<void>;
  /** The webhook subscriptions that serve `assets`, each once (several assets may share one). */
  subscriptions(platform: ChannelPlatform, assets: readonly SubscribedAsset[]): Subscription[];
  /** Stops one subscription (its token in the clear). */
  unsubscribe(subscription: Subscription): Promise<void>;
  /**
   * Ends the grant at the provider when the owner disconnects (the tokens in the clear; after
   * `unsubscribe`). A failure is logged by the caller, not fatal: Parley forgets the tokens anyway.
   */
  revoke(grant: GrantTokens): Promise<void>;
  /**
   * The token to call the provider with for the connected asset now: `stored` (the asset's, in the clear)
   * when the provider's tokens last, or a renewed one when it is about to expire (X: refreshed under a
   * lock). A refused renewal is a ChannelApiError with `tokenRejected`.
   */
  currentToken(platform: ChannelPlatform, pageId: string, stored: string): Promise<string>;

  // ── Webhooks in ─────────────────────────────────────────────────────────────────────────────────
  /** The answer to the provider's verification request (its challenge), or a DomainException (403). */
  verifyWebhook(query: unknown): unknown;
  /** The signature over the raw body: missing → UNAUTHENTICATED, wrong → FORBIDDEN (DomainException). */
  checkSignature(body: string, signature: string | undefined): void;
  /** One stored webhook body (parsed) in the one inbound shape; what Parley does not use is left out. */
  normalise(body: unknown): ChannelEvent[];
  /** Whether an echo is of Parley's own send, known from the event alone (the provider names our app). */
  isOwnEcho(echo: ChannelEcho): boolean;
  /** Where a customer's name comes from: the webhook itself, or the provider's profile, asked later. */
  namesFrom(platform: ChannelPlatform): 'payload' | 'profile';
  /**
   * `{ name }` from the customer's profile (no name when it has none); undefined when the provider did
   * not answer in time or refused (logged, never the token).
   */
  readProfile(
    platform: ChannelPlatform,
    userId: string,
    sealedToken: string,
  ): Promise<{ name?: string } | undefined>;

  // ── Deliveries out ──────────────────────────────────────────────────────────────────────────────
  /** The platform's window rules: what may be sent now, given the customer's last message. */
  window(platform: ChannelPlatform, lastInboundAt: string | null): MessagingWindow;
  /**
   * Sends one message (the window already checked to allow it) with the asset's `token`; answers the
   * platform's id of the sent message (undefined when the answer had none). A provider's failure is a
   * ChannelApiError, which says whether (and when) to retry: the platform's rate rules.
   */
  send(message: OutgoingMessage, window: MessagingWindow, token: string): Promise<string | undefined>;

  // ── Health ──────────────────────────────────────────────────────────────────────────────────────
  /**
   * Asks the provider whether it still accepts the asset's token (in the clear) and still sends its
   * webhooks to Parley. Never throws for the provider's answer: a refusal or an outage is the result.
   * The periodic check (`health-checks/`) calls it for every connected asset; `subscribe` puts a missing
   * subscription back.
   */
  checkHealth(platform: ChannelPlatform, asset: SubscribedAsset): Promise<ChannelHealthCheck>;
}

/** What a channel's provider says of one connected asset now. */
export interface ChannelHealthCheck {
  /** valid: the provider accepted the token; refused: it did not (connect again); unknown: not answered now. */
  token: 'valid' | 'refused' | 'unknown';
  /**
   * Whether the provider sends the asset's webhooks to Parley; null when that could not be asked (an
   * outage, or the provider refused the question itself for another reason than the token).
   */
  subscribed: boolean | null;
  /** The provider's words, when it refused or could not be reached (never a token). */
  reason?: string;
  /** When the provider ends the accepted token's access, when it says it does (Meta's user tokens: ~60 days). */
  expiresAt?: Date;
}

/** What a consent gave Parley: the granting account, its token and what it reaches. */
export interface ChannelGrant {
  /** The provider's id of the account that granted access. */
  accountId: string;
  token: string;
  expiresAt: Date | null;
  /** What renews `token` when it expires (X's OAuth 2.0 refresh token, single use); null when nothing does. */
  refreshToken: string | null;
  assets: ChannelAsset[];
}

/** The granting account's tokens, in the clear, as a disconnect revokes them. */
export interface GrantTokens {
  token: string | null;
  refreshToken: string | null;
}

/**
 * One thing a connection reaches — a page, an account, a phone number — stored as a `pages` row, with the
 * token Parley acts for it with.
 */
export interface ChannelAsset {
  pageId: string;
  pageName: string;
  token: string;
  /** The provider's parent of the asset, if it has one (an Instagram account's page, a WhatsApp Business account). */
  businessAccountId: string | null;
  /**
   * Whether this grant proves control of the asset, so that it may be taken from another Parley account
   * that holds it (docs/channels.md, "One page, one owner").
   */
  provesControl: boolean;
}

/** An asset as its subscriptions need it (a stored one's token may still be sealed). */
export type SubscribedAsset = Pick<ChannelAsset, 'pageId' | 'businessAccountId' | 'token'>;

/** What a webhook subscription is made on, and with which token. */
export interface Subscription {
  objectId: string;
  token: string;
}

/** A text (or template) for one customer of one asset. */
export interface OutgoingMessage {
  platform: ChannelPlatform;
  pageId: string;
  recipientId: string;
  text: string;
  /** An approved template to send instead of the text (WhatsApp, outside its 24 hours). */
  template: TemplateChoice | null;
}

/**
 * A provider's call that failed. `retryable` for rate limits, outages and network failures (then
 * `retryAfterMs` when the provider said how long to wait); `tokenRejected` when the provider refused the
 * token itself (connecting again is the only cure). The message is the provider's, never with a token.
 */
export class ChannelApiError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
    readonly tokenRejected = false,
  ) {
    super(message);
    this.name = 'ChannelApiError';
  }
}

/**
 * A provider's failure as a health check's answer (ChannelAdapter.checkHealth): a refused token, or a question
 * not answered now (`tokenAccepted`: the token itself was accepted just before). Anything that is not a
 * ChannelApiError is thrown again.
 */
export function failedCheck(error: unknown, tokenAccepted = false): ChannelHealthCheck {
  if (!(error instanceof ChannelApiError)) throw error;
  if (error.tokenRejected) return { token: 'refused', subscribed: null, reason: error.message };
  return { token: tokenAccepted ? 'valid' : 'unknown', subscribed: null, reason: error.message };
}

/**
 * A consent the provider accepted but that cannot serve as a channel, with the ConnectFailure the wizard
 * words (X: no direct-message access). The message is for the log.
 */
export class ChannelRefusal extends Error {
  constructor(
    readonly failure: ConnectFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ChannelRefusal';
  }
}

// ── The one inbound shape ─────────────────────────────────────────────────────────────────────────

/** What a webhook body means to Parley, whichever provider sent it. `pageId` is the id a `pages` row is keyed by. */
export type ChannelEvent = CustomerMessage | ChannelEcho | Delivered | Read | SendStatus;

interface OnPage {
  platform: ChannelPlatform;
  pageId: string;
}

/** A customer wrote to the page. */
export interface CustomerMessage extends OnPage {
  kind: 'message';
  /** The customer's id on the platform (PSID, IGSID, WhatsApp id). */
  userId: string;
  mid: string;
  /** The text, or a short stand-in naming the attachments (`[image]`) when there is none. */
  content: string;
  attachments: MessageAttachment[];
  /** ISO: when the customer wrote (the platform's timestamp). */
  sentAt: string;
  /** The name the payload itself carries (WhatsApp's contacts[].profile.name). */
  profileName?: string;
}

/** The page sent a message: through the send API (ours or another app's) or from the platform's own inbox. */
export interface ChannelEcho extends OnPage {
  kind: 'echo';
  recipientId: string;
  mid: string;
  content: string;
  /** The sending app, when the provider names one (a person in the page's inbox has none). */
  appId?: string;
  sentAt: string;
}

/** The messages in `mids`, and every one sent at or before `upTo`, reached the customer. */
export interface Delivered extends OnPage {
  kind: 'delivered';
  userId: string;
  mids: string[];
  upTo?: string;
}

/**
 * The customer read what the page sent: a watermark (`upTo`, everything sent at or before it), or the
 * last message seen (`mid`, and everything before it).
 */
export interface Read extends OnPage {
  kind: 'read';
  userId: string;
  upTo?: string;
  mid?: string;
}

/** Where one sent message stands (WhatsApp's statuses). */
export interface SendStatus extends OnPage {
  kind: 'status';
  mid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipientId: string;
  /** Why it failed, in the provider's plain words. */
  reason?: string;
}

import {
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  NotEquals,
  ValidateIf,
} from 'class-validator';
import { ServiceConfig } from '@parley/server-kit';

/** Development only: lets a checkout run without a key. Production refuses to start without SECRETS_KEY. */
export const DEVELOPMENT_SECRETS_KEY = 'cGFybGV5IGRldmVsb3BtZW50IGtleSwgbm90IHByb2Q=';

const inProduction = (config: IntegrationsConfig) => config.NODE_ENV === 'production';

/**
 * Meta's app credentials have development defaults (a local fake Meta accepts them); production refuses to
 * start with them, since anyone could sign a webhook with a published secret.
 */
const DEV_META = {
  appId: 'parley-dev-app',
  appSecret: 'parley-dev-app-secret',
  verifyToken: 'parley-dev-verify-token',
};

/**
 * X's app credentials have development defaults too (the local fake X accepts them); production refuses to
 * start with them, for the same reason as Meta's.
 */
const DEV_X = {
  clientId: 'parley-dev-x-client',
  clientSecret: 'parley-dev-x-client-secret',
  consumerSecret: 'parley-dev-x-consumer-secret',
  webhookId: 'parley-dev-x-webhook',
  appBearer: 'parley-dev-x-app-bearer',
};

export class IntegrationsConfig extends ServiceConfig {
  /**
   * 32 bytes, base64 or hex: encrypts platform tokens at rest (AES-256-GCM). Required in production;
   * elsewhere a fixed development key is used when unset.
   */
  @ValidateIf((config: IntegrationsConfig) => inProduction(config) || config.SECRETS_KEY !== undefined)
  @Matches(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, {
    message: 'SECRETS_KEY must be 32 bytes as 64 hex digits or base64 (required in production)',
  })
  SECRETS_KEY?: string = undefined;

  /** The public address of the gateway: Meta's OAuth redirect is `${PUBLIC_URL}/api/auth/{platform}/callback`. */
  @Matches(/^https?:\/\/[^/]+$/, { message: 'PUBLIC_URL must be an http(s) origin without a trailing slash' })
  PUBLIC_URL = 'http://localhost:3000';

  /** The Meta app's id (OAuth client id). Required in production. */
  @IsString()
  @ValidateIf(inProduction)
  @NotEquals(DEV_META.appId, { message: 'META_APP_ID is required in production' })
  META_APP_ID = DEV_META.appId;

  /** The Meta app's secret: the OAuth token exchange and every webhook's X-Hub-Signature-256. Required in production. */
  @IsString()
  @ValidateIf(inProduction)
  @NotEquals(DEV_META.appSecret, { message: 'META_APP_SECRET is required in production' })
  META_APP_SECRET = DEV_META.appSecret;

  /** What Meta's webhook verification request must present (hub.verify_token). Required in production. */
  @IsString()
  @ValidateIf(inProduction)
  @NotEquals(DEV_META.verifyToken, { message: 'META_VERIFY_TOKEN is required in production' })
  META_VERIFY_TOKEN = DEV_META.verifyToken;

  /** Graph API base, version included (a local fake in tests and development). */
  @Matches(/^https?:\/\/.+[^/]$/, {
    message: 'META_GRAPH_URL must be an http(s) URL without a trailing slash',
  })
  META_GRAPH_URL = 'https://graph.facebook.com/v21.0';

  /** Meta's OAuth dialog. */
  @Matches(/^https?:\/\/.+[^/]$/, {
    message: 'META_OAUTH_URL must be an http(s) URL without a trailing slash',
  })
  META_OAUTH_URL = 'https://www.facebook.com/v21.0/dialog/oauth';

  /** The X app's OAuth 2.0 client id (a confidential client). Required in production. */
  @IsString()
  @ValidateIf(inProduction)
  @NotEquals(DEV_X.clientId, { message: 'X_CLIENT_ID is required in production' })
  X_CLIENT_ID = DEV_X.clientId;

  /** The X app's OAuth 2.0 client secret: the token, refresh and revoke calls (Basic auth). Required in production. */
  @IsString()
  @ValidateIf(inProduction)
  @NotEquals(DEV_X.clientSecret, { message: 'X_CLIENT_SECRET is required in production' })
  X_CLIENT_SECRET = DEV_X.clientSecret;

  /**
   * The X app's consumer (API key) secret: the webhook's CRC answer and every webhook's
   * x-twitter-webhooks-signature. Required in production.
   */
  @IsString()
  @ValidateIf(inProduction)
  @NotEquals(DEV_X.consumerSecret, { message: 'X_CONSUMER_SECRET is required in production' })
  X_CONSUMER_SECRET = DEV_X.consumerSecret;

  /**
   * The id of the Account Activity webhook registered for `${PUBLIC_URL}/api/webhooks/x` (once, by the
   * operator: `POST /2/webhooks`); each connected account is subscribed to it. Required in production.
   */
  @IsString()
  @ValidateIf(inProduction)
  @NotEquals(DEV_X.webhookId, { message: 'X_WEBHOOK_ID is required in production' })
  X_WEBHOOK_ID = DEV_X.webhookId;

  /** The X app's bearer token (app-only): removes an account's webhook subscription on disconnect. Required in production. */
  @IsString()
  @ValidateIf(inProduction)
  @NotEquals(DEV_X.appBearer, { message: 'X_APP_BEARER_TOKEN is required in production' })
  X_APP_BEARER_TOKEN = DEV_X.appBearer;

  /** X's API base: requests go to `{X_API_URL}/2/...` (a local fake in tests and development). */
  @Matches(/^https?:\/\/.+[^/]$/, { message: 'X_API_URL must be an http(s) URL without a trailing slash' })
  X_API_URL = 'https://api.x.com';

  /** X's OAuth 2.0 authorisation page. */
  @Matches(/^https?:\/\/.+[^/]$/, { message: 'X_OAUTH_URL must be an http(s) URL without a trailing slash' })
  X_OAUTH_URL = 'https://x.com/i/oauth2/authorize';

  /** How long one call to X may take, in ms. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  X_TIMEOUT_MS = 10_000;

  /** How long one call to Meta may take, in ms. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  META_TIMEOUT_MS = 10_000;

  /**
   * How long asking Meta for a customer's profile (their name) may take, in ms. It is asked after their
   * message is handed over, so it never holds a message up; a slow answer leaves them unnamed until later.
   */
  @IsInt()
  @Min(100)
  @Max(60_000)
  PROFILE_TIMEOUT_MS = 3_000;

  /** A Messenger or Instagram customer's profile is asked again after this many days (a changed name). */
  @IsNumber()
  @Min(0)
  @Max(365)
  PROFILE_REFRESH_DAYS = 7;

  /** Send attempts per outgoing message before it is marked failed. */
  @IsInt()
  @Min(1)
  @Max(20)
  DELIVERY_ATTEMPTS = 6;

  /** Delivery jobs run at once per replica: each mostly waits for Meta's answer. */
  @IsInt()
  @Min(1)
  @Max(500)
  DELIVERY_CONCURRENCY = 200;

  /** Webhook events processed at once per replica. */
  @IsInt()
  @Min(1)
  @Max(500)
  WEBHOOK_CONCURRENCY = 50;

  /**
   * How often every connected channel is checked against its provider (token, webhook subscription), in ms:
   * one Bull repeatable job for all replicas (docs/channels.md, "Health").
   */
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  CHANNEL_HEALTH_INTERVAL_MS = 900_000;

  /** How often events and deliveries whose job vanished are re-queued, in ms. */
  @IsOptional()
  @IsInt()
  @Min(1000)
  RECONCILE_INTERVAL_MS = 30_000;
}

import { Injectable } from '@nestjs/common';
import { IntegrationsConfig } from '../../config/integrations.config';
import { ChannelRefusal } from '../channel-adapter';
import { XApiClient, XApiError, type XAuth } from './x-api.client';

/** What X's direct messages need (and reading the account, and a refresh token: `offline.access`). */
export const X_SCOPES = ['dm.read', 'dm.write', 'tweet.read', 'users.read', 'offline.access'] as const;

/** Without these a connected account could neither hear nor answer a customer. */
const DM_SCOPES = ['dm.read', 'dm.write'];

/** What the owner is told (through the wizard's `no_dm_access` text) when X gives no direct-message access. */
export const NO_DM_SCOPES = 'X granted Parley no direct-message access (dm.read and dm.write)';
export const NO_DM_APP = "X's app has no direct-message events (Account Activity) access";

/** X's tokens: the access token (about two hours) and the single-use refresh token that renews it. */
export interface XTokens {
  token: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** The X account that granted access. */
export interface XAccount {
  id: string;
  name: string;
  username: string;
}

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
}

/**
 * X's OAuth 2.0 (authorization code with PKCE, a confidential client: Basic auth on the token endpoints),
 * `GET /2/users/me`, and the Account Activity subscription that sends an account's direct messages to
 * Parley's webhook. Throws XApiError as XApiClient does; tokens travel only in the calls.
 */
@Injectable()
export class XAccountsClient {
  constructor(
    private readonly api: XApiClient,
    private readonly config: IntegrationsConfig,
  ) {}

  /** The dialog's code and the state's PKCE verifier → tokens, refused when X left out direct messages. */
  async exchange(code: string, redirectUri: string, codeVerifier: string): Promise<XTokens> {
    const answer = await this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    });
    const granted = typeof answer.scope === 'string' ? answer.scope.split(' ') : [];
    if (!DM_SCOPES.every((scope) => granted.includes(scope)))
      throw new ChannelRefusal('no_dm_access', NO_DM_SCOPES);
    return tokensOf(answer);
  }

  /** A refresh token → new tokens (X replaces the refresh token: the old one is spent). */
  async refresh(refreshToken: string): Promise<XTokens> {
    try {
      return tokensOf(await this.token({ grant_type: 'refresh_token', refresh_token: refreshToken }));
    } catch (error) {
      // X refuses a spent, revoked or unknown refresh token with 400 invalid_request: only a new consent helps.
      if (error instanceof XApiError && !error.retryable && !error.tokenRejected)
        throw new XApiError(error.message, error.status, false, undefined, true);
      throw error;
    }
  }

  /** Ends a token at X (`token_type_hint`: which kind it is). */
  async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
    await this.api.call('POST', '/2/oauth2/revoke', {
      auth: this.app(),
      form: { token, token_type_hint: hint, client_id: this.config.X_CLIENT_ID },
    });
  }

  async me(token: string): Promise<XAccount> {
    const { body } = await this.api.call<{ data?: Partial<XAccount> }>('GET', '/2/users/me', {
      auth: { bearer: token },
    });
    const { id, name, username } = body?.data ?? {};
    if (typeof id !== 'string' || id === '') throw new XApiError('X sent no account id', 200, false);
    return { id, name: name ?? '', username: username ?? '' };
  }

  /**
   * Subscribes the account (its own token) to Parley's Account Activity webhook, so its direct messages
   * come to `/api/webhooks/x`. X's 403 means the app is not allowed Account Activity: a ChannelRefusal.
   */
  async subscribe(token: string): Promise<void> {
    try {
      await this.api.call('POST', `${this.subscriptionsPath()}/all`, { auth: { bearer: token }, json: {} });
    } catch (error) {
      if (error instanceof XApiError && error.status === 403)
        throw new ChannelRefusal('no_dm_access', `${NO_DM_APP}: ${error.message}`);
      throw error;
    }
  }

  /** Whether the account (its own token) is subscribed to Parley's webhook. */
  async subscribed(token: string): Promise<boolean> {
    const { body } = await this.api.call<{ data?: { subscribed?: unknown } }>(
      'GET',
      `${this.subscriptionsPath()}/all`,
      { auth: { bearer: token } },
    );
    return body?.data?.subscribed === true;
  }

  /** Removes the account's subscription (the app's bearer token: the user's may already be revoked). */
  async unsubscribe(userId: string): Promise<void> {
    await this.api.call('DELETE', `${this.subscriptionsPath()}/${encodeURIComponent(userId)}/all`, {
      auth: { bearer: this.config.X_APP_BEARER_TOKEN },
    });
  }

  private token(form: Record<string, string>): Promise<TokenAnswer> {
    return this.api
      .call<TokenAnswer>('POST', '/2/oauth2/token', {
        auth: this.app(),
        form: { ...form, client_id: this.config.X_CLIENT_ID },
      })
      .then((answer) => answer.body ?? {});
  }

  private app(): XAuth {
    return { basic: { id: this.config.X_CLIENT_ID, secret: this.config.X_CLIENT_SECRET } };
  }

  private subscriptionsPath(): string {
    return `/2/account_activity/webhooks/${encodeURIComponent(this.config.X_WEBHOOK_ID)}/subscriptions`;
  }
}

function tokensOf(answer: TokenAnswer): XTokens {
  if (typeof answer.access_token !== 'string' || answer.access_token === '')
    throw new XApiError('X sent no access token', 200, false);
  const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : undefined;
  return {
    token: answer.access_token,
    refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : null,
    expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
  };
}

import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../secrets/secret-box';
import { XAccountsClient } from './x-accounts.client';
import { XApiError } from './x-api.client';
import { type StoredXTokens, XTokensQueries } from './x-tokens.queries';

/** An access token is renewed once it has less than this left (X's last about two hours). */
export const RENEW_BEFORE_MS = 5 * 60_000;

/**
 * Keeps a connected X account's access token usable: the stored one while it has more than
 * RENEW_BEFORE_MS left, else a new one from the refresh token, taken under the integration's row lock
 * (XTokensQueries.renewing) so two replicas never spend the same refresh token. X refusing the refresh
 * token (spent, revoked, expired) is an XApiError with `tokenRejected`: only connecting X again helps.
 */
@Injectable()
export class XTokenKeeper {
  constructor(
    private readonly queries: XTokensQueries,
    private readonly accounts: XAccountsClient,
    private readonly box: SecretBox,
  ) {}

  /** The account's access token now, in the clear. */
  async current(accountId: string): Promise<string> {
    const stored = await this.queries.tokens(accountId);
    if (stored === undefined) throw notConnected();
    if (!renewalDue(stored)) return this.box.open(stored.tokenSealed);
    const renewed = await this.queries.renewing(accountId, (locked) => this.renew(locked));
    if (renewed === undefined) throw notConnected();
    return this.box.open(renewed.tokenSealed);
  }

  /** Undefined when another replica renewed the tokens while this one waited for the lock. */
  private async renew(locked: StoredXTokens): Promise<StoredXTokens | undefined> {
    if (!renewalDue(locked)) return undefined;
    if (locked.refreshSealed === null)
      throw new XApiError('X gave Parley no refresh token', 401, false, undefined, true);
    const tokens = await this.accounts.refresh(this.box.open(locked.refreshSealed));
    return {
      tokenSealed: this.box.seal(tokens.token),
      refreshSealed: tokens.refreshToken === null ? locked.refreshSealed : this.box.seal(tokens.refreshToken),
      expiresAt: tokens.expiresAt?.getTime() ?? null,
    };
  }
}

function renewalDue(tokens: StoredXTokens): boolean {
  return tokens.expiresAt !== null && tokens.expiresAt - Date.now() < RENEW_BEFORE_MS;
}

function notConnected(): XApiError {
  return new XApiError('The X account is no longer connected to Parley', 0, false);
}

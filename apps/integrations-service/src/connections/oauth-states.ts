import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CONNECT_FAILURE_DETAIL, type ConnectFailure, DomainException, ErrorCode } from '@parley/contracts';
import { SecretBox } from '../secrets/secret-box';
import { ConnectionsQueries } from './connections.queries';
import { OAuthStateSigner } from './oauth-state';

/** How long a connection link (the OAuth state) may be used after the owner asked for it. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** Who brought a callback back: the signed-in owner of its session, and that session's binding. */
export interface CallbackCaller {
  ownerId: string | undefined;
  /** The person of the callback's session, if any: the audit log's actor of the connection. */
  userId?: string;
  binding: string | undefined;
}

/** A redeemed state: whose it was, and the PKCE verifier kept with it (when the provider uses PKCE). */
export interface RedeemedGrant {
  ownerId: string;
  codeVerifier: string | undefined;
}

/**
 * A refused connection: `failure` is all the browser is told (the wizard words it); `message` is for
 * the service's callers and logs. A 4xx unless the status says otherwise.
 */
export function connectRefusal(
  failure: ConnectFailure,
  message: string,
  code: ErrorCode = ErrorCode.ValidationFailed,
): DomainException {
  return new DomainException(code, message, { [CONNECT_FAILURE_DETAIL]: failure });
}

/**
 * The OAuth states of every provider (RFC 6749 §10.12): a state is issued to a signed-in owner for one
 * browser session (the gateway's binding, a hash of the session cookie) and redeemed once, by the callback
 * that comes back to that same session. A callback without a session, or with another owner's or another
 * session of the same owner, connects nothing: the link cannot be handed to someone else to complete
 * (which would put their page into the asker's account). Provider-neutral: a provider that uses PKCE (X)
 * has its verifier kept here with the state, sealed, and given back only to the callback that redeems it.
 */
@Injectable()
export class OAuthStates {
  constructor(
    private readonly signer: OAuthStateSigner,
    private readonly queries: ConnectionsQueries,
    private readonly box: SecretBox,
  ) {}

  /**
   * A fresh state for `ownerId`'s session `binding` on `platform`, stored for OAUTH_STATE_TTL_MS with the
   * PKCE `codeVerifier`, if any (sealed).
   */
  async issue(ownerId: string, platform: string, binding: string, codeVerifier?: string): Promise<string> {
    const { nonce, state } = this.signer.issue(platform);
    const verifierSealed = codeVerifier === undefined ? null : this.box.seal(codeVerifier);
    await this.queries.saveState(nonce, ownerId, platform, binding, verifierSealed, OAUTH_STATE_TTL_MS);
    return state;
  }

  /**
   * The owner of a state Parley issued for `platform`, used up now whoever brings it (a state that came
   * back to the wrong browser is spent too), and its PKCE verifier. Refused when forged, used, brought back
   * by another session, or expired, in that order.
   */
  async redeem(platform: string, state: string | undefined, caller: CallbackCaller): Promise<RedeemedGrant> {
    const nonce = state === undefined ? undefined : this.signer.nonceOf(platform, state);
    if (nonce === undefined) {
      throw connectRefusal('invalid_state', 'This connection link is not valid. Please try again.');
    }
    const redeemed = await this.queries.redeemState(nonce, platform);
    if (redeemed === undefined) {
      throw connectRefusal('used', 'This connection link was already used. Please try again.');
    }
    if (caller.ownerId !== redeemed.ownerId || !sameBinding(caller.binding, redeemed.binding)) {
      throw connectRefusal(
        'session_mismatch',
        'This connection was started in another browser or account. Start it again from Parley, in the browser you are signed in with.',
        ErrorCode.Forbidden,
      );
    }
    if (redeemed.expired) {
      throw connectRefusal('expired', 'This connection link has expired. Please try again.');
    }
    const { ownerId, verifierSealed } = redeemed;
    return { ownerId, codeVerifier: verifierSealed === null ? undefined : this.box.open(verifierSealed) };
  }
}

/** Both present and equal, compared in constant time. */
function sameBinding(given: string | undefined, stored: string | null): boolean {
  if (!given || !stored) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

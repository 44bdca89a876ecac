import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a connection link (the OAuth state) may be used after the owner asked for it. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** `<nonce>.<mac>`: 18 random bytes and an HMAC-SHA256, both base64url. */
const STATE_SHAPE = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signs and checks the `state` of Meta's OAuth dialog. A state is a random nonce and its MAC over the
 * platform and the nonce, under a key derived (HKDF) from SECRETS_KEY and the Meta app secret: a state
 * Parley did not issue, or issued for another platform, fails here before the database is asked. The
 * owner, the browser session it is bound to, the expiry and the single use live in the nonce's
 * oauth_states row (see OAuthStates), so the state reveals nothing about the owner to Meta or the browser.
 * Nothing here is Meta's: any provider's OAuth state (X's too) is issued and checked the same way.
 */
export class OAuthStateSigner {
  private readonly key: Buffer;

  constructor(secretsKey: string, appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretsKey, appSecret, 'parley oauth state', 32));
  }

  /** A fresh nonce and the state that carries it. */
  issue(platform: string): { nonce: string; state: string } {
    const nonce = randomBytes(18).toString('base64url');
    return { nonce, state: `${nonce}.${this.mac(platform, nonce)}` };
  }

  /** The nonce of a state this signer issued for `platform`; undefined for anything else. */
  nonceOf(platform: string, state: string): string | undefined {
    const parts = STATE_SHAPE.exec(state);
    if (parts === null) return undefined;
    const [, nonce, mac] = parts;
    // The texts, not their decoded bytes: base64url's last character has spare bits, so two texts can
    // decode alike, and only the one Parley issued is its state.
    return timingSafeEqual(Buffer.from(mac), Buffer.from(this.mac(platform, nonce))) ? nonce : undefined;
  }

  private mac(platform: string, nonce: string): string {
    return createHmac('sha256', this.key).update(`${platform}.${nonce}`).digest('base64url');
  }
}

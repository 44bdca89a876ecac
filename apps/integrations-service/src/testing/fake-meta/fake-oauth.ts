import { randomBytes } from 'node:crypto';
import { type Answer, htmlPage, ok } from './fake-http';
import { graphError, invalidToken, missingParameter } from './graph-errors';

/** What a token the fake issued stands for: the user (with the scopes the dialog granted) or one page. */
export type Grant = { kind: 'user'; scopes: string[] } | { kind: 'page'; pageId: string };

interface PendingCode {
  redirectUri: string;
  scopes: string[];
  issuedAt: number;
  used: boolean;
}

/** A user token from the code exchange lives ~60 days, as Meta's server-side flow answers. */
export const USER_TOKEN_EXPIRES_IN = 5_183_944;
const CODE_LIFETIME_MS = 10 * 60_000;

/** Opaque like Meta's (`EAA…`), random, so a test can look for it in the database. */
const opaqueToken = () => `EAA${randomBytes(48).toString('base64url')}`;

/**
 * The OAuth side of the fake: the dialog (auto-approving, or denying once), the token endpoint, and the
 * tokens it issued with what each grants.
 */
export class FakeOAuth {
  /** The next dialog sends the user back with error=access_denied. */
  denyNext = false;
  private readonly codes = new Map<string, PendingCode>();
  private readonly grants = new Map<string, Grant>();
  private readonly pageTokens = new Map<string, string>();
  /** Tokens the user took back (in Facebook's settings): every call with one is refused. */
  private readonly revoked = new Set<string>();

  constructor(
    private readonly appId: string,
    private readonly appSecret: string,
  ) {}

  grant(token: string | undefined): Grant | undefined {
    return token === undefined || this.revoked.has(token) ? undefined : this.grants.get(token);
  }

  /** Whether the fake issued `token` and it was taken back since (debug_token says so in its own words). */
  isRevoked(token: string): boolean {
    return this.revoked.has(token);
  }

  /** The user takes Parley's access back: the token is refused from now on (190). */
  revoke(token: string): void {
    this.revoked.add(token);
  }

  /** The access is granted again (the same token works again, as a test's way back to health). */
  restore(token: string): void {
    this.revoked.delete(token);
  }

  /** The app access token, `<app id>|<app secret>`, that debug_token wants. */
  isAppToken(token: string | undefined): boolean {
    return token === `${this.appId}|${this.appSecret}`;
  }

  /** One token per page, the same for the fake's lifetime (as a page token from a long-lived user token). */
  pageToken(pageId: string): string {
    let token = this.pageTokens.get(pageId);
    if (!token) {
      token = opaqueToken();
      this.pageTokens.set(pageId, token);
      this.grants.set(token, { kind: 'page', pageId });
    }
    return token;
  }

  /** A user token granting `scopes`, as the dialog and the code exchange would issue one. */
  userToken(scopes: string[]): string {
    const token = opaqueToken();
    this.grants.set(token, { kind: 'user', scopes });
    return token;
  }

  issuedTokens(): string[] {
    return [...this.grants.keys()];
  }

  /** GET /dialog/oauth: straight back to redirect_uri with a code (or the denial) and the state. */
  dialog(query: URLSearchParams): Answer {
    if (query.get('client_id') !== this.appId) {
      return htmlPage(400, 'Invalid App ID', 'The provided app ID does not look like a valid app ID.');
    }
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!/^https?:\/\//.test(redirectUri)) {
      return htmlPage(
        400,
        'URL blocked',
        'This redirect failed because the redirect URI is missing or not valid.',
      );
    }
    const target = new URL(redirectUri);
    if (this.denyNext) {
      this.denyNext = false;
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_reason', 'user_denied');
      target.searchParams.set('error_description', 'Permissions error');
    } else {
      const code = randomBytes(32).toString('base64url');
      const requested = (query.get('scope') ?? '').split(',').map((s) => s.trim());
      const scopes = [...new Set([...requested.filter(Boolean), 'public_profile'])];
      this.codes.set(code, { redirectUri, scopes, issuedAt: Date.now(), used: false });
      target.searchParams.set('code', code);
    }
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    return { status: 302, headers: { location: target.toString() } };
  }

  /** GET /oauth/access_token: a code for a user token, or (fb_exchange_token) a user token for a long-lived one. */
  accessToken(query: URLSearchParams): Answer {
    if (query.get('client_id') !== this.appId) {
      return graphError(400, 101, 'Error validating application. Invalid application ID.');
    }
    if (query.get('client_secret') !== this.appSecret)
      return graphError(400, 100, 'Error validating client secret.');
    if (query.get('grant_type') === 'fb_exchange_token') {
      const grant = this.grant(query.get('fb_exchange_token') ?? undefined);
      return grant?.kind === 'user' ? this.issueUserToken(grant.scopes) : invalidToken();
    }
    const code = query.get('code');
    if (!code) return missingParameter('code');
    const pending = this.codes.get(code);
    if (!pending) return graphError(400, 100, 'Invalid verification code format.');
    if (pending.used)
      return graphError(400, 100, 'This authorization code has been used.', { subcode: 36009 });
    if (Date.now() - pending.issuedAt > CODE_LIFETIME_MS) {
      return graphError(400, 100, 'This authorization code has expired.', { subcode: 36007 });
    }
    if (query.get('redirect_uri') !== pending.redirectUri) {
      return graphError(
        400,
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        { subcode: 36008 },
      );
    }
    pending.used = true;
    return this.issueUserToken(pending.scopes);
  }

  private issueUserToken(scopes: string[]): Answer {
    return ok({
      access_token: this.userToken(scopes),
      token_type: 'bearer',
      expires_in: USER_TOKEN_EXPIRES_IN,
    });
  }
}

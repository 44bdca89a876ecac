import { createHash, randomBytes } from 'node:crypto';
import { type Answer } from '../fake-meta/fake-http';

/** The scopes X's dialog grants unless a test says otherwise. */
export const FAKE_X_SCOPES = ['dm.read', 'dm.write', 'tweet.read', 'users.read', 'offline.access'];

const CODE_TTL_MS = 10 * 60_000;

interface IssuedCode {
  redirectUri: string;
  challenge: string;
  scopes: string[];
  expiresAt: number;
}

/** An access token the fake issued: what it grants and until when. */
export interface AccessGrant {
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

/** X's OAuth 2.0 error answer (`error`, `error_description`) with status 400, or 401 for the client. */
export function oauthError(status: number, error: string, description: string): Answer {
  return { status, body: { error, error_description: description } };
}

/** X's problem answer (v2 endpoints): `title`, `detail`, `type`, `status`. */
export function problem(
  status: number,
  title: string,
  detail: string,
  headers?: Record<string, string>,
): Answer {
  return { status, body: { title, detail, type: 'about:blank', status }, headers };
}

/**
 * X's OAuth 2.0 for a confidential client with PKCE: the authorize page (auto-approving, or denying once),
 * the token endpoint (authorization_code with the S256 verifier checked; refresh_token rotating: each refresh
 * token works once, a second use is refused and counted), revoke, and what each access token grants.
 */
export class FakeXOAuth {
  /** Scopes the next consents grant (a test takes dm.* away to see the refusal). */
  grantScopes = [...FAKE_X_SCOPES];
  /** How long an access token lives, in seconds (X: two hours). */
  accessTtlS = 7200;
  denyNext = false;
  /** Refresh grants that succeeded, and spent refresh tokens presented again. */
  refreshes = 0;
  refreshReuses = 0;

  private readonly codes = new Map<string, IssuedCode>();
  private readonly access = new Map<string, AccessGrant>();
  /** Refresh token → whether it was used (or revoked). */
  private readonly refreshTokens = new Map<string, { spent: boolean; scopes: string[] }>();

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  /** GET /i/oauth2/authorize: checks the request, then sends the browser back with a code (or a refusal). */
  authorize(query: URLSearchParams): Answer {
    const redirect = query.get('redirect_uri');
    const state = query.get('state') ?? '';
    if (query.get('client_id') !== this.clientId || !redirect)
      return { status: 400, html: '<h1>Something went wrong</h1><p>Unknown client or redirect.</p>' };
    const back = new URL(redirect);
    back.searchParams.set('state', state);
    const challenge = query.get('code_challenge');
    if (
      query.get('response_type') !== 'code' ||
      query.get('code_challenge_method') !== 'S256' ||
      !challenge
    ) {
      back.searchParams.set('error', 'invalid_request');
      return { status: 302, headers: { location: back.toString() } };
    }
    if (this.denyNext) {
      this.denyNext = false;
      back.searchParams.set('error', 'access_denied');
      return { status: 302, headers: { location: back.toString() } };
    }
    const asked = (query.get('scope') ?? '').split(' ');
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      redirectUri: redirect,
      challenge,
      scopes: this.grantScopes.filter((scope) => asked.includes(scope)),
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    back.searchParams.set('code', code);
    return { status: 302, headers: { location: back.toString() } };
  }

  /** POST /2/oauth2/token (form body, Basic auth). */
  token(form: URLSearchParams, authorization: string | undefined): Answer {
    if (!this.isClient(authorization))
      return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    switch (form.get('grant_type')) {
      case 'authorization_code':
        return this.exchange(form);
      case 'refresh_token':
        return this.refresh(form.get('refresh_token') ?? '');
      default:
        return oauthError(400, 'invalid_request', 'Value passed for the grant type was invalid.');
    }
  }

  /** POST /2/oauth2/revoke: the token stops working (an access or a refresh token). */
  revoke(form: URLSearchParams, authorization: string | undefined): Answer {
    if (!this.isClient(authorization))
      return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    const token = form.get('token') ?? '';
    const grant = this.access.get(token);
    if (grant) grant.revoked = true;
    const refresh = this.refreshTokens.get(token);
    if (refresh) refresh.spent = true;
    return { status: 200, body: { revoked: true } };
  }

  /** What a live access token grants; undefined for an unknown, expired or revoked one. */
  grant(token: string | undefined): AccessGrant | undefined {
    const grant = token === undefined ? undefined : this.access.get(token);
    return grant && !grant.revoked && grant.expiresAt > Date.now() ? grant : undefined;
  }

  /** Every token issued so far (access and refresh), e.g. to check none is stored in plain text. */
  issuedTokens(): string[] {
    return [...this.access.keys(), ...this.refreshTokens.keys()];
  }

  /**
   * The account owner takes the app's access back (in X's settings): every access token and refresh
   * token issued so far stops working.
   */
  revokeAll(): void {
    for (const grant of this.access.values()) grant.revoked = true;
    for (const refresh of this.refreshTokens.values()) refresh.spent = true;
  }

  /** Ends an access token now, as two hours passing would. */
  expire(token: string): void {
    const grant = this.access.get(token);
    if (grant) grant.expiresAt = 0;
  }

  private exchange(form: URLSearchParams): Answer {
    const code = form.get('code') ?? '';
    const issued = this.codes.get(code);
    this.codes.delete(code);
    if (!issued || issued.expiresAt < Date.now())
      return oauthError(400, 'invalid_request', 'Value passed for the authorization code was invalid.');
    if (form.get('redirect_uri') !== issued.redirectUri)
      return oauthError(
        400,
        'invalid_request',
        'Value passed for the redirect uri did not match the uri of the authorization code.',
      );
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier, 'ascii').digest('base64url');
    if (verifier.length < 43 || challenge !== issued.challenge)
      return oauthError(
        400,
        'invalid_request',
        'Value passed for the code verifier did not match the code challenge.',
      );
    return this.issue(issued.scopes);
  }

  private refresh(token: string): Answer {
    const refresh = this.refreshTokens.get(token);
    if (!refresh || refresh.spent) {
      if (refresh) this.refreshReuses += 1;
      return oauthError(400, 'invalid_request', 'Value passed for the token was invalid.');
    }
    refresh.spent = true;
    this.refreshes += 1;
    return this.issue(refresh.scopes);
  }

  private issue(scopes: string[]): Answer {
    const accessToken = `xat-${randomBytes(24).toString('base64url')}`;
    this.access.set(accessToken, { scopes, expiresAt: Date.now() + this.accessTtlS * 1000, revoked: false });
    const body: Record<string, unknown> = {
      token_type: 'bearer',
      expires_in: this.accessTtlS,
      access_token: accessToken,
      scope: scopes.join(' '),
    };
    if (scopes.includes('offline.access')) {
      const refreshToken = `xrt-${randomBytes(24).toString('base64url')}`;
      this.refreshTokens.set(refreshToken, { spent: false, scopes });
      body.refresh_token = refreshToken;
    }
    return { status: 200, body };
  }

  private isClient(authorization: string | undefined): boolean {
    const basic = /^Basic (.+)$/i.exec(authorization ?? '')?.[1];
    if (basic === undefined) return false;
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    return id === this.clientId && secret === this.clientSecret;
  }
}

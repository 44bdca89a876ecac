import { randomBytes } from 'node:crypto';
import type { Answer } from './fake-http';

/** A failure the test asked for with `failNext`: which calls it hits, and how they fail. */
export interface FailureRule {
  /** A kind of call, or a pattern tested against the request path (e.g. /\/20001\/messages$/). */
  match: FailureKind | RegExp;
  status: 429 | 400 | 500 | 503;
  /** How many matching calls fail (default 1). */
  count?: number;
  /** Meta's error code; by default 613 (WhatsApp 130429) for 429, 100 for 400, 2 for 5xx. */
  code?: number;
  message?: string;
  /** Sent as the Retry-After header, in seconds. */
  retryAfterS?: number;
}

/**
 * The kinds of Graph call a failure can target: `token` the OAuth token exchanges, `accounts` what the
 * user manages (me, me/accounts, debug_token, phone_numbers), `templates` a WhatsApp business account's
 * message_templates, `subscribe` subscribed_apps, `send` both send APIs, `profile` any other node lookup
 * (customer profiles).
 */
export const FAILURE_KINDS = ['send', 'token', 'accounts', 'templates', 'subscribe', 'profile'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Meta's error body: `{ error: { message, type, code, error_subcode?, error_data?, is_transient?, fbtrace_id } }`. */
export function graphError(
  status: number,
  code: number,
  message: string,
  extra: {
    subcode?: number;
    data?: Record<string, unknown>;
    transient?: boolean;
    headers?: Record<string, string>;
  } = {},
): Answer {
  return {
    status,
    headers: extra.headers,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(extra.subcode === undefined ? {} : { error_subcode: extra.subcode }),
        ...(extra.data === undefined ? {} : { error_data: extra.data }),
        ...(extra.transient === undefined ? {} : { is_transient: extra.transient }),
        fbtrace_id: `A${randomBytes(16).toString('base64url')}`,
      },
    },
  };
}

export const invalidToken = (): Answer =>
  graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');

export const missingParameter = (name: string): Answer =>
  graphError(400, 100, `(#100) The parameter ${name} is required`);

export const invalidParameter = (message: string): Answer => graphError(400, 100, `(#100) ${message}`);

export const unknownObject = (method: string, id: string): Answer =>
  graphError(
    400,
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    { subcode: 33 },
  );

/** The `error_data` WhatsApp Cloud adds to its errors. */
const whatsappDetails = (details: string) => ({ messaging_product: 'whatsapp', details });

/** A WhatsApp Cloud refusal (HTTP 400): `(#code) message`, with `error_data.details`. */
export const whatsappError = (code: number, message: string, details: string): Answer =>
  graphError(400, code, `(#${code}) ${message}`, { data: whatsappDetails(details) });

const KNOWN_MESSAGES: Record<number, string> = {
  2: 'An unexpected error has occurred. Please retry your request later.',
  4: '(#4) Application request limit reached',
  10: '(#10) This message is sent outside of allowed window.',
  100: '(#100) Invalid parameter',
  190: 'Invalid OAuth access token - Cannot parse access token',
  613: '(#613) Calls to this api have exceeded the rate limit.',
  130429: '(#130429) Rate limit hit',
};

/** The answer for a call hit by an injected failure; `whatsapp` picks WhatsApp's rate-limit code. */
export function injectedFailure(rule: FailureRule, whatsapp: boolean): Answer {
  const code = rule.code ?? (rule.status === 429 ? (whatsapp ? 130429 : 613) : rule.status === 400 ? 100 : 2);
  const message = rule.message ?? KNOWN_MESSAGES[code] ?? `(#${code}) The request failed`;
  const transient = rule.status >= 500 ? true : undefined;
  const data =
    code === 130429 ? whatsappDetails('Cloud API message throughput has been reached.') : undefined;
  const headers = rule.retryAfterS === undefined ? undefined : { 'retry-after': String(rule.retryAfterS) };
  return graphError(rule.status, code, message, { transient, data, headers });
}

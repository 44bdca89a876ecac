import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { type AgentContext, type AgentProvider, type AgentReply, ProviderError } from '../agent-provider';
import { buildAgentMessages } from './prompt';
import { AGENT_REPLY_JSON_SCHEMA, AGENT_REPLY_SCHEMA_NAME, parseAgentReplyContent } from './schema';

/** Per-attempt time limit when the caller sets none (ms). */
export const DEFAULT_OPENAI_TIMEOUT_MS = 20_000;

/** Model used when `OPENAI_MODEL` is not set. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

export interface OpenAiProviderOptions {
  apiKey: string;
  /** An OpenAI-compatible endpoint, e.g. `http://127.0.0.1:8080/v1`; OpenAI's own when absent. */
  baseURL?: string;
  model: string;
  /** Whole-attempt limit: connection, headers and body (default {@link DEFAULT_OPENAI_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/**
 * Options from the environment (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, `OPENAI_MODEL`), or `null`
 * when no key is set (the local provider is used then).
 */
export function openAiOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OpenAiProviderOptions | null {
  const apiKey = env['OPENAI_API_KEY']?.trim();
  if (!apiKey) return null;
  const baseURL = env['OPENAI_BASE_URL']?.trim();
  const model = env['OPENAI_MODEL']?.trim();
  return { apiKey, ...(baseURL ? { baseURL } : {}), model: model || DEFAULT_OPENAI_MODEL };
}

/**
 * The delay a server asked for, from `retry-after-ms` (milliseconds) or `retry-after` (seconds or
 * an HTTP date); `undefined` when absent or unreadable.
 */
export function parseRetryAfterMs(
  headers: Headers | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const millis = headers.get('retry-after-ms');
  if (millis !== null && millis.trim() !== '') {
    const value = Number(millis);
    if (Number.isFinite(value) && value >= 0) return Math.ceil(value);
  }
  const retryAfter = headers.get('retry-after')?.trim();
  if (!retryAfter) return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function short(text: string, max = 300): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}

/** Whether an HTTP error status is worth another attempt later (the caller's Bull job retries). */
function isRetryableStatus(error: APIError): boolean {
  const shouldRetry = error.headers?.get('x-should-retry');
  if (shouldRetry === 'true') return true;
  if (shouldRetry === 'false') return false;
  const status = error.status ?? 0;
  // A 429 for an exhausted billing quota will not clear in seconds: retrying only burns attempts.
  if (status === 429) return error.code !== 'insufficient_quota';
  return status === 408 || status === 409 || status >= 500;
}

/**
 * The agent on an OpenAI-compatible chat-completions API, with a strict JSON-schema answer.
 *
 * Makes exactly one HTTP attempt per {@link reply} (the SDK's own retries are off): the caller, a
 * Bull job, owns retries and backoff and reads {@link ProviderError.retryable} and
 * {@link ProviderError.retryAfterMs}.
 */
export class OpenAiAgentProvider implements AgentProvider {
  readonly name = 'openai' as const;
  readonly model: string;
  readonly timeoutMs: number;
  private readonly client: OpenAI;

  constructor(options: OpenAiProviderOptions) {
    if (!options.apiKey) throw new Error('OpenAiAgentProvider needs an API key');
    if (!options.model) throw new Error('OpenAiAgentProvider needs a model');
    const timeoutMs = options.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
      throw new Error('OpenAiAgentProvider timeoutMs must be positive');
    this.model = options.model;
    this.timeoutMs = timeoutMs;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      // Explicit, so an OPENAI_BASE_URL in the environment never overrides the configured endpoint.
      baseURL: options.baseURL ?? 'https://api.openai.com/v1',
      organization: null,
      project: null,
      timeout: timeoutMs,
      maxRetries: 0,
    });
  }

  async reply(message: string, context: AgentContext, signal?: AbortSignal): Promise<AgentReply> {
    // The SDK's timeout stops at the response headers; this deadline also covers reading the body.
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new Error(`timed out after ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    const requestSignal = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;

    let completion: unknown;
    try {
      completion = await this.client.chat.completions.create(
        {
          model: this.model,
          messages: buildAgentMessages(message, context),
          response_format: {
            type: 'json_schema',
            json_schema: { name: AGENT_REPLY_SCHEMA_NAME, strict: true, schema: AGENT_REPLY_JSON_SCHEMA },
          },
          temperature: 0.3,
        },
        { signal: requestSignal },
      );
    } catch (error) {
      throw this.toProviderError(
        error,
        deadline.signal.aborted && !signal?.aborted,
        signal?.aborted === true,
      );
    } finally {
      clearTimeout(timer);
    }
    return this.readReply(completion);
  }

  /** Reads and validates the first choice of a completion. */
  private readReply(completion: unknown): AgentReply {
    const choice = (completion as { choices?: unknown } | null)?.choices;
    const first = Array.isArray(choice)
      ? (choice[0] as Partial<OpenAI.Chat.Completions.ChatCompletion.Choice>)
      : undefined;
    if (!first?.message) {
      throw new ProviderError('OpenAI answer has no message', true);
    }
    if (typeof first.message.refusal === 'string' && first.message.refusal.length > 0) {
      // A refusal is the model's decision on this message; asking again gives the same answer.
      throw new ProviderError('OpenAI model refused to answer', false);
    }
    if (first.finish_reason === 'content_filter') {
      throw new ProviderError('OpenAI answer was stopped by the content filter', false);
    }
    const result = parseAgentReplyContent(first.message.content);
    if (!result.ok) {
      // Sampling is not deterministic (temperature 0.3): a second attempt usually validates, and
      // the caller's attempts are bounded, so a malformed answer costs at most a few calls.
      const truncated = first.finish_reason === 'length' ? ' (cut off at the token limit)' : '';
      throw new ProviderError(`OpenAI answer is invalid: ${result.problem}${truncated}`, true);
    }
    return result.reply;
  }

  private toProviderError(error: unknown, deadlineExpired: boolean, callerAborted: boolean): ProviderError {
    if (error instanceof ProviderError) return error;
    if (error instanceof APIConnectionTimeoutError || deadlineExpired) {
      return new ProviderError(`OpenAI request timed out after ${this.timeoutMs} ms`, true);
    }
    if (error instanceof APIUserAbortError || callerAborted) {
      return new ProviderError('OpenAI request aborted by the caller', true);
    }
    if (error instanceof APIConnectionError) {
      return new ProviderError(`OpenAI connection failed: ${short(error.message)}`, true);
    }
    if (error instanceof APIError) {
      const status = error.status ?? 'no status';
      return new ProviderError(
        `OpenAI request failed (${status}): ${short(error.message)}`,
        isRetryableStatus(error),
        parseRetryAfterMs(error.headers),
      );
    }
    // Anything else surfaced while reading the answer (a reset socket, an unparsable body) is transient.
    const text = error instanceof Error ? error.message : String(error);
    return new ProviderError(`OpenAI request failed: ${short(text)}`, true);
  }
}

import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletion, ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';
import {
  type AgentContext,
  type AgentProvider,
  type AgentReply,
  ProviderError,
  ProviderErrorCode,
} from '../agent-provider';
import { buildAgentMessages } from './prompt';
import {
  AGENT_REPLY_JSON_SCHEMA,
  AGENT_REPLY_SCHEMA_NAME,
  type AnswerGrounds,
  parseAgentReplyContent,
} from './schema';
import { ContextSearch, MAX_TOOL_ROUNDS, planPrompt, searchTools } from './search-tools';

/** Time limit of one reply, all its requests together, when the caller sets none (ms). */
export const DEFAULT_OPENAI_TIMEOUT_MS = 20_000;

/** Model used when `OPENAI_MODEL` is not set. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

export interface OpenAiProviderOptions {
  apiKey: string;
  /** An OpenAI-compatible endpoint, e.g. `http://127.0.0.1:8080/v1`; OpenAI's own when absent. */
  baseURL?: string;
  model: string;
  /**
   * Limit of one reply: connection, headers and body of every request it makes, tool rounds included (default
   * {@link DEFAULT_OPENAI_TIMEOUT_MS}).
   */
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
 * The agent on an OpenAI-compatible chat-completions API, with a strict JSON-schema answer
 * (schema.ts). A small context is quoted whole in the system prompt; a large one is quoted by its best
 * matches for the message, and the model may search the rest with tools (search-tools.ts) for at most
 * {@link MAX_TOOL_ROUNDS} rounds, after which it must answer with what it found.
 *
 * Each request is one HTTP attempt (the SDK's own retries are off): the caller, a Bull job, owns
 * retries and backoff and reads {@link ProviderError.code}, {@link ProviderError.retryable} and
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
    // The SDK's timeout stops at each response's headers; this deadline covers the bodies and every tool round.
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new Error(`timed out after ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    const requestSignal = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    try {
      return await this.converse(message, context, requestSignal);
    } catch (error) {
      throw this.toProviderError(
        error,
        deadline.signal.aborted && !signal?.aborted,
        signal?.aborted === true,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Asks until the model answers: each round of tool calls is answered with the local retrieval's results and sent
   * back; the round after the last allowed one turns the tools off.
   */
  private async converse(message: string, context: AgentContext, signal: AbortSignal): Promise<AgentReply> {
    const plan = planPrompt(message, context);
    const tools = searchTools(plan);
    const search = new ContextSearch(context, plan);
    const messages = buildAgentMessages(message, context, plan);
    for (let round = 0; ; round++) {
      const toolsOff = round === MAX_TOOL_ROUNDS;
      const toolChoice: ChatCompletionToolChoiceOption = toolsOff ? 'none' : 'auto';
      const completion = await this.client.chat.completions.create(
        {
          model: this.model,
          messages,
          response_format: {
            type: 'json_schema',
            json_schema: { name: AGENT_REPLY_SCHEMA_NAME, strict: true, schema: AGENT_REPLY_JSON_SCHEMA },
          },
          temperature: 0.3,
          ...(tools.length > 0 ? { tools, tool_choice: toolChoice } : {}),
        },
        { signal },
      );
      const choice = firstChoice(completion);
      const calls = choice.message.tool_calls ?? [];
      if (calls.length === 0) return readReply(choice, { message, offeredProducts: search.offered });
      if (tools.length === 0 || toolsOff) {
        // Sampling varies, so another attempt may answer; the caller's attempts are bounded.
        throw new ProviderError(
          ProviderErrorCode.InvalidAnswer,
          tools.length === 0
            ? 'OpenAI answer is invalid: it called a tool where none was offered'
            : `OpenAI answer is invalid: still calling tools after ${MAX_TOOL_ROUNDS} rounds`,
          true,
        );
      }
      messages.push(
        { role: 'assistant', content: choice.message.content, tool_calls: calls },
        ...search.answer(calls),
      );
    }
  }

  private toProviderError(error: unknown, deadlineExpired: boolean, callerAborted: boolean): ProviderError {
    if (error instanceof ProviderError) return error;
    if (error instanceof APIConnectionTimeoutError || deadlineExpired) {
      return new ProviderError(
        ProviderErrorCode.Timeout,
        `OpenAI request timed out after ${this.timeoutMs} ms`,
        true,
      );
    }
    if (error instanceof APIUserAbortError || callerAborted) {
      return new ProviderError(ProviderErrorCode.Aborted, 'OpenAI request aborted by the caller', true);
    }
    if (error instanceof APIConnectionError) {
      return new ProviderError(
        ProviderErrorCode.Unreachable,
        `OpenAI connection failed: ${short(error.message)}`,
        true,
      );
    }
    if (error instanceof APIError) {
      return new ProviderError(
        statusCode(error),
        `OpenAI request failed (${error.status ?? 'no status'}): ${short(error.message)}`,
        isRetryableStatus(error),
        parseRetryAfterMs(error.headers),
      );
    }
    // Anything else surfaced while reading the answer (a reset socket, an unparsable body) is transient.
    const text = error instanceof Error ? error.message : String(error);
    return new ProviderError(ProviderErrorCode.Failed, `OpenAI request failed: ${short(text)}`, true);
  }
}

/** An HTTP error's kind: OpenAI's 429 is its rate limit, or its account's quota when the code says so. */
function statusCode(error: APIError): ProviderErrorCode {
  if (error.status !== 429) return ProviderErrorCode.Failed;
  return error.code === 'insufficient_quota'
    ? ProviderErrorCode.QuotaExhausted
    : ProviderErrorCode.RateLimited;
}

type Choice = Partial<ChatCompletion.Choice> & Pick<ChatCompletion.Choice, 'message'>;

/** The first choice of a completion, which must hold a message. */
function firstChoice(completion: unknown): Choice {
  const choices = (completion as { choices?: unknown } | null)?.choices;
  const first = Array.isArray(choices)
    ? (choices[0] as Partial<ChatCompletion.Choice> | undefined)
    : undefined;
  if (!first?.message) {
    throw new ProviderError(ProviderErrorCode.InvalidAnswer, 'OpenAI answer has no message', true);
  }
  return first as Choice;
}

/** Reads and validates the model's answer (a choice without tool calls). */
function readReply(choice: Choice, grounds: AnswerGrounds): AgentReply {
  if (typeof choice.message.refusal === 'string' && choice.message.refusal.length > 0) {
    // A refusal is the model's decision on this message; asking again gives the same answer.
    throw new ProviderError(ProviderErrorCode.Refused, 'OpenAI model refused to answer', false);
  }
  if (choice.finish_reason === 'content_filter') {
    throw new ProviderError(
      ProviderErrorCode.Refused,
      'OpenAI answer was stopped by the content filter',
      false,
    );
  }
  const result = parseAgentReplyContent(choice.message.content, grounds);
  if (!result.ok) {
    // Sampling is not deterministic (temperature 0.3): a second attempt usually validates, and
    // the caller's attempts are bounded, so a malformed answer costs at most a few calls.
    const truncated = choice.finish_reason === 'length' ? ' (cut off at the token limit)' : '';
    throw new ProviderError(
      ProviderErrorCode.InvalidAnswer,
      `OpenAI answer is invalid: ${result.problem}${truncated}`,
      true,
    );
  }
  return result.reply;
}

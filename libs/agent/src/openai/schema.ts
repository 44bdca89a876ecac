import {
  INTENTS,
  LANGUAGES,
  LEAD_POTENTIALS,
  URGENCY_LEVELS,
  isIntent,
  isLanguage,
  isLeadPotential,
  isUrgencyLevel,
} from '@parley/contracts';
import type { AgentReply } from '../agent-provider';

/** The `json_schema.name` sent with every request. */
export const AGENT_REPLY_SCHEMA_NAME = 'agent_reply';

/** Longest reply text accepted from the model (characters, after trimming). */
export const MAX_RESPONSE_LENGTH = 2000;

/**
 * The structured-output schema the model must follow (OpenAI strict mode: every object closed with
 * `additionalProperties: false`, every property required). Strict mode does not enforce string
 * lengths, so the 2000-character limit is stated in the description and enforced by
 * {@link validateAgentReply}.
 */
export const AGENT_REPLY_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['response', 'analysis', 'language', 'needs_human'],
  properties: {
    response: {
      type: 'string',
      description: `The reply sent to the customer, in the customer's language, at most ${MAX_RESPONSE_LENGTH} characters.`,
    },
    analysis: {
      type: 'object',
      additionalProperties: false,
      required: ['intent', 'urgency', 'lead_potential'],
      properties: {
        intent: { type: 'string', enum: [...INTENTS], description: 'What the customer message is about.' },
        urgency: {
          type: 'string',
          enum: [...URGENCY_LEVELS],
          description: 'How urgently the customer needs an answer.',
        },
        lead_potential: {
          type: 'string',
          enum: [...LEAD_POTENTIALS],
          description: 'How likely this conversation is to become a sale.',
        },
      },
    },
    language: { type: 'string', enum: [...LANGUAGES], description: 'The language the reply is written in.' },
    needs_human: {
      type: 'boolean',
      description:
        'true when the business context does not answer the question, so the reply says so and offers the contact or a person.',
    },
  },
} as const;

export type AgentReplyValidation = { ok: true; reply: AgentReply } | { ok: false; problem: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unexpectedKeys(value: Record<string, unknown>, allowed: readonly string[]): string[] {
  return Object.keys(value).filter((key) => !allowed.includes(key));
}

/**
 * Checks a parsed model answer against {@link AGENT_REPLY_JSON_SCHEMA}, strictly: no extra keys,
 * every enum value known, a non-empty reply of at most {@link MAX_RESPONSE_LENGTH} characters.
 * Returns a fresh object (the reply text trimmed), never the input. A missing `needs_human` reads as false
 * (answers recorded before it existed); present, it must be a boolean.
 */
export function validateAgentReply(value: unknown): AgentReplyValidation {
  if (!isPlainObject(value)) return { ok: false, problem: 'the answer is not a JSON object' };
  const extra = unexpectedKeys(value, AGENT_REPLY_JSON_SCHEMA.required);
  if (extra.length > 0) return { ok: false, problem: `unexpected field(s): ${extra.join(', ')}` };

  const { response, analysis, language, needs_human: needsHuman } = value;
  if (typeof response !== 'string') return { ok: false, problem: 'response is not a string' };
  const text = response.trim();
  if (text.length === 0) return { ok: false, problem: 'response is empty' };
  if (text.length > MAX_RESPONSE_LENGTH) {
    return { ok: false, problem: `response is longer than ${MAX_RESPONSE_LENGTH} characters` };
  }

  if (!isPlainObject(analysis)) return { ok: false, problem: 'analysis is not an object' };
  const extraAnalysis = unexpectedKeys(analysis, AGENT_REPLY_JSON_SCHEMA.properties.analysis.required);
  if (extraAnalysis.length > 0) {
    return { ok: false, problem: `unexpected analysis field(s): ${extraAnalysis.join(', ')}` };
  }
  const { intent, urgency, lead_potential } = analysis;
  if (!isIntent(intent)) return { ok: false, problem: 'analysis.intent is not a known intent' };
  if (!isUrgencyLevel(urgency)) return { ok: false, problem: 'analysis.urgency is not low, medium or high' };
  if (!isLeadPotential(lead_potential)) {
    return { ok: false, problem: 'analysis.lead_potential is not low, medium or high' };
  }
  if (!isLanguage(language)) return { ok: false, problem: 'language is not en, es or ar' };
  if (needsHuman !== undefined && typeof needsHuman !== 'boolean') {
    return { ok: false, problem: 'needs_human is not true or false' };
  }

  return {
    ok: true,
    reply: {
      response: text,
      analysis: { intent, urgency, lead_potential },
      language,
      needsHuman: needsHuman === true,
    },
  };
}

/** Parses the model's message content (a JSON string) and validates it. */
export function parseAgentReplyContent(content: string | null | undefined): AgentReplyValidation {
  if (typeof content !== 'string' || content.trim().length === 0) {
    return { ok: false, problem: 'the answer has no content' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'the answer is not valid JSON' };
  }
  return validateAgentReply(parsed);
}

import {
  CUSTOMER_STAGES,
  INTENTS,
  LANGUAGES,
  LEAD_POTENTIALS,
  URGENCY_LEVELS,
  isCustomerStage,
  isIntent,
  isLanguage,
  isLeadPotential,
  isUrgencyLevel,
} from '@parley/contracts';
import {
  type AgentProduct,
  type AgentReply,
  evidenceIn,
  HAND_OFF_REASONS,
  type HandOffReason,
  MAX_EVIDENCE_CHARS,
} from '../agent-provider';

/** The `json_schema.name` sent with every request. */
export const AGENT_REPLY_SCHEMA_NAME = 'agent_reply';

/** Longest reply text accepted from the model (characters, after trimming). */
export const MAX_RESPONSE_LENGTH = 2000;

/** The hand-off reasons the model may give; `private_note` is the reply check's, never the model's. */
export const MODEL_HAND_OFF_REASONS = HAND_OFF_REASONS.filter(
  (reason): reason is Exclude<HandOffReason, 'private_note'> => reason !== 'private_note',
);

/** Most product ids one answer may cite (more are dropped). */
export const MAX_CITED_PRODUCTS = 10;

/** A string from `values`, or null (strict mode has no optional properties: "nothing" is a null). */
function enumOrNull(values: readonly string[], description: string) {
  return { anyOf: [{ type: 'string', enum: [...values] }, { type: 'null' }], description } as const;
}

/**
 * The structured-output schema the model must follow (OpenAI strict mode: every object closed with
 * `additionalProperties: false`, every property required, "none" as null). Strict mode does not enforce string
 * lengths, so the limits are stated in the descriptions and enforced by {@link validateAgentReply}, which also drops
 * what the model cannot know for sure: an evidence quote the customer did not write, a product id it was not given.
 */
export const AGENT_REPLY_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['response', 'analysis', 'suggested_stage', 'handoff', 'language', 'cited_product_ids'],
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
    suggested_stage: {
      type: 'object',
      additionalProperties: false,
      required: ['stage', 'evidence'],
      properties: {
        stage: enumOrNull(
          CUSTOMER_STAGES,
          'The sales stage the latest customer message shows the customer is at, or null when it shows none.',
        ),
        evidence: {
          type: 'string',
          description: `Words copied exactly from the latest customer message that show the stage (at most ${MAX_EVIDENCE_CHARS} characters); empty when stage is null.`,
        },
      },
    },
    handoff: {
      type: 'object',
      additionalProperties: false,
      required: ['needed', 'reason'],
      properties: {
        needed: {
          type: 'boolean',
          description:
            'true when a person from the team must take over: the context does not answer the question, the customer asked for a person, or the customer complains.',
        },
        reason: enumOrNull(MODEL_HAND_OFF_REASONS, 'Why a person is needed; null when needed is false.'),
      },
    },
    language: { type: 'string', enum: [...LANGUAGES], description: 'The language the reply is written in.' },
    cited_product_ids: {
      type: 'array',
      items: { type: 'string' },
      description: `The "id" of each catalogue product the reply speaks of (at most ${MAX_CITED_PRODUCTS}); empty when it speaks of none.`,
    },
  },
} as const;

/**
 * What the model's answer is checked against: the customer's latest message (an evidence quote must be in it) and
 * the products offered to the model by id, in the prompt or by a tool (a cited id must be one of them).
 */
export interface AnswerGrounds {
  message: string;
  offeredProducts: ReadonlyMap<string, AgentProduct>;
}

export type AgentReplyValidation = { ok: true; reply: AgentReply } | { ok: false; problem: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unexpectedKeys(value: Record<string, unknown>, allowed: readonly string[]): string[] {
  return Object.keys(value).filter((key) => !allowed.includes(key));
}

/**
 * Checks a parsed model answer against {@link AGENT_REPLY_JSON_SCHEMA}, strictly: no extra or missing keys, every
 * enum value known, a non-empty reply of at most {@link MAX_RESPONSE_LENGTH} characters. What fails only against the
 * grounds is dropped, not refused: a suggested stage whose evidence is not in the customer's message, and product ids
 * that were not offered. Returns a fresh object (the reply text trimmed), never the input.
 */
export function validateAgentReply(value: unknown, grounds: AnswerGrounds): AgentReplyValidation {
  const problem = closedObject(value, 'answer', AGENT_REPLY_JSON_SCHEMA.required);
  if (problem) return problem;
  const {
    response,
    analysis,
    language,
    suggested_stage: suggestedStage,
    handoff: handoffValue,
    cited_product_ids: citedIds,
  } = value as Record<string, unknown>;
  if (typeof response !== 'string') return { ok: false, problem: 'response is not a string' };
  const text = response.trim();
  if (text.length === 0) return { ok: false, problem: 'response is empty' };
  if (text.length > MAX_RESPONSE_LENGTH) {
    return { ok: false, problem: `response is longer than ${MAX_RESPONSE_LENGTH} characters` };
  }

  const analysisProblem = closedObject(
    analysis,
    'analysis',
    AGENT_REPLY_JSON_SCHEMA.properties.analysis.required,
  );
  if (analysisProblem) return analysisProblem;
  const { intent, urgency, lead_potential } = analysis as Record<string, unknown>;
  if (!isIntent(intent)) return { ok: false, problem: 'analysis.intent is not a known intent' };
  if (!isUrgencyLevel(urgency)) return { ok: false, problem: 'analysis.urgency is not low, medium or high' };
  if (!isLeadPotential(lead_potential)) {
    return { ok: false, problem: 'analysis.lead_potential is not low, medium or high' };
  }
  if (!isLanguage(language)) return { ok: false, problem: 'language is not en, es or ar' };

  const stage = readStage(suggestedStage, grounds.message);
  if (!stage.ok) return stage;
  const handoff = readHandoff(handoffValue);
  if (!handoff.ok) return handoff;
  const cited = readCited(citedIds, grounds.offeredProducts);
  if (!cited.ok) return cited;

  return {
    ok: true,
    reply: {
      response: text,
      analysis: { intent, urgency, lead_potential },
      language,
      needsHuman: handoff.needed,
      ...(handoff.reason ? { needsHumanReason: handoff.reason } : {}),
      ...(stage.suggested ? { suggestedStage: stage.suggested } : {}),
      ...(cited.names.length > 0 ? { citedProducts: cited.names } : {}),
    },
  };
}

type Problem = { ok: false; problem: string };

function closedObject(value: unknown, field: string, keys: readonly string[]): Problem | undefined {
  if (!isPlainObject(value)) return { ok: false, problem: `${field} is not an object` };
  const extra = unexpectedKeys(value, keys);
  if (extra.length > 0) return { ok: false, problem: `unexpected ${field} field(s): ${extra.join(', ')}` };
  const missing = keys.filter((key) => !(key in value));
  if (missing.length > 0) return { ok: false, problem: `missing ${field} field(s): ${missing.join(', ')}` };
  return undefined;
}

/** The suggested stage, kept only with evidence the customer wrote (see evidenceIn). */
function readStage(
  value: unknown,
  message: string,
): { ok: true; suggested?: AgentReply['suggestedStage'] } | Problem {
  const problem = closedObject(value, 'suggested_stage', ['stage', 'evidence']);
  if (problem) return problem;
  const { stage, evidence } = value as Record<string, unknown>;
  if (stage !== null && !isCustomerStage(stage)) {
    return { ok: false, problem: 'suggested_stage.stage is not a customer stage or null' };
  }
  if (typeof evidence !== 'string') return { ok: false, problem: 'suggested_stage.evidence is not a string' };
  if (stage === null) return { ok: true };
  const quote = evidenceIn(message, evidence);
  return quote === undefined ? { ok: true } : { ok: true, suggested: { stage, evidence: quote } };
}

/** The hand-off: a reason only with `needed` (a reason without it is ignored). */
function readHandoff(value: unknown): { ok: true; needed: boolean; reason?: HandOffReason } | Problem {
  const problem = closedObject(value, 'handoff', ['needed', 'reason']);
  if (problem) return problem;
  const { needed, reason } = value as Record<string, unknown>;
  if (typeof needed !== 'boolean') return { ok: false, problem: 'handoff.needed is not true or false' };
  if (reason !== null && !MODEL_HAND_OFF_REASONS.some((known) => known === reason)) {
    return { ok: false, problem: 'handoff.reason is not a known reason or null' };
  }
  return needed && reason !== null
    ? { ok: true, needed, reason: reason as HandOffReason }
    : { ok: true, needed };
}

/** The names of the cited products that were offered, each once, at most {@link MAX_CITED_PRODUCTS}. */
function readCited(
  value: unknown,
  offered: ReadonlyMap<string, AgentProduct>,
): { ok: true; names: string[] } | Problem {
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string')) {
    return { ok: false, problem: 'cited_product_ids is not a list of strings' };
  }
  const names = (value as string[]).flatMap((id) => {
    const product = offered.get(id);
    return product ? [product.name] : [];
  });
  return { ok: true, names: [...new Set(names)].slice(0, MAX_CITED_PRODUCTS) };
}

/** Parses the model's message content (a JSON string) and validates it. */
export function parseAgentReplyContent(
  content: string | null | undefined,
  grounds: AnswerGrounds,
): AgentReplyValidation {
  if (typeof content !== 'string' || content.trim().length === 0) {
    return { ok: false, problem: 'the answer has no content' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'the answer is not valid JSON' };
  }
  return validateAgentReply(parsed, grounds);
}

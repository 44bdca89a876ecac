import type { MessageAnalysis } from '../agent/test-agent.response';
import type { ReplayDraftKind } from './replay-draft.dto';

export const REPLAY_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReplayStatus = (typeof REPLAY_STATUSES)[number];

/**
 * How the draft's answer differs from the live one: its words (`answer_changed`), its intent, urgency or lead
 * potential (`classification_changed`), it now says it does not know where the live one answered (`now_unknown`),
 * or the claim check took a price or stock claim out of it (`claim_failed`).
 */
export const REPLAY_DIFFERENCES = [
  'answer_changed',
  'classification_changed',
  'now_unknown',
  'claim_failed',
] as const;
export type ReplayDifference = (typeof REPLAY_DIFFERENCES)[number];

/** One answer of a replay, live or draft. */
export interface ReplayAnswer {
  response: string;
  analysis: MessageAnalysis;
  needsHuman: boolean;
}

/** One message answered twice: a customer's (`conversation`) or a saved test-chat case (`test_case`). */
export interface ReplayResult {
  source: 'conversation' | 'test_case';
  message: string;
  /** The customer's name (conversation), null for a test case. */
  customerName: string | null;
  /** The owner's note of what a test case should answer, when saved with one. */
  expected: string | null;
  live: ReplayAnswer;
  draft: ReplayAnswer;
  differences: ReplayDifference[];
}

/** GET /api/ai/replays/{id}; POST answers `{ id }` (202). `results` is filled once `done`. */
export interface ReplayResponse {
  id: string;
  kind: ReplayDraftKind;
  status: ReplayStatus;
  /** Messages answered so far, of `total`. */
  done: number;
  total: number;
  /** Set when `failed`. */
  error: string | null;
  createdAt: string;
  /** Kept until then (REPLAY_KEPT_DAYS after it was made). */
  expiresAt: string;
  results: ReplayResult[];
}

/** The data of a 'replay_progress' event: where a replay stands (quiet: the open replay view updates). */
export interface ReplayProgressData {
  replayId: string;
  status: ReplayStatus;
  done: number;
  total: number;
}

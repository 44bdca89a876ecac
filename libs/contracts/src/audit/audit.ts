import { LIST_QUERY_LIMIT } from '../lists/list-query-limit';
import { FIELD_LIMITS } from '../validation/field-limits';
import { ListLimit } from '../validation/number-fields';
import { OptionalText } from '../validation/text-fields';

/**
 * The audit log (docs/teams.md, "Audit log"): each service that holds an audited change keeps its own
 * entries, written in the change's transaction; auth-service merges them for GET /api/audit.
 */
export const AUDIT_SUBJECTS = {
  /** `{ limit?, cursor? }` → AuditPage: the workspace's entries of every service, newest first, with names. */
  list: 'auth.audit.list',
  /**
   * Each service's own entries: `{ limit, after?: { at, id } }` → `{ items: AuditRecord[] }`, at most `limit`,
   * newest first, strictly older than `after`. Asked by auth-service only (its own are read from its database).
   */
  entries: {
    messaging: 'messaging.audit.entries',
    integrations: 'integrations.audit.entries',
    billing: 'billing.audit.entries',
  },
} as const;

/** What an entry records; the web words each one (team locales, `audit.action.*`). */
export const AUDIT_ACTIONS = [
  'ai_config.updated',
  'knowledge.created',
  'knowledge.updated',
  'knowledge.deleted',
  'training_document.uploaded',
  'training_document.deleted',
  'channel.connected',
  'channel.disconnected',
  'customer.stage_changed',
  'plan.purchased',
  'plan.refilled',
  'plan.cancelled',
  'plan.free_activated',
  'member.invited',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'ownership.transferred',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about. */
export const AUDIT_SUBJECT_TYPES = [
  'ai_config',
  'knowledge_item',
  'training_document',
  'channel',
  'customer',
  'plan',
  'member',
  'invitation',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** Said instead of a secret's value (a token, a password, private notes' text): only that it changed. */
export const AUDIT_CHANGED = 'changed';

/** The changed fields only, before and after; a secret's values are AUDIT_CHANGED. */
export type AuditValues = Record<string, unknown> | null;

export interface AuditSubject {
  type: AuditSubjectType;
  id: string;
  /** A name for people to read as it was at the time (a customer's name, a file's name, an email). */
  label?: string;
}

/** One entry as a service stores it: the actor by id only (auth-service names them). */
export interface AuditRecord {
  id: string;
  /** With microseconds, so that the merged page's cursor never falls between two entries. */
  at: string;
  /** Null: work done on a payment provider's word (a webhook), no person. */
  actorId: string | null;
  action: AuditAction;
  subject: AuditSubject;
  before: AuditValues;
  after: AuditValues;
}

/** One entry of GET /api/audit. */
export interface AuditEntry {
  id: string;
  at: string;
  /** `userId` and `name` null: no person did it (a payment confirmed by the payment provider). */
  actor: { userId: string | null; name: string | null };
  action: AuditAction;
  subject: AuditSubject;
  before: AuditValues;
  after: AuditValues;
}

/** GET /api/audit. */
export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

/** A service's own entries (AUDIT_SUBJECTS.entries). */
export interface AuditRecordsAnswer {
  items: AuditRecord[];
}

/** GET /api/audit's query: `limit` (1 to 500, default 100, as the other lists) and `cursor`, the previous page's nextCursor. */
export class AuditQueryDto {
  @ListLimit()
  limit: number = LIST_QUERY_LIMIT.default;

  @OptionalText('Cursor', { max: FIELD_LIMITS.cursor })
  cursor?: string | null;
}

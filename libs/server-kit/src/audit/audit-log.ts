import { Controller, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type Actor,
  AUDIT_CHANGED,
  type AuditAction,
  type AuditRecord,
  type AuditRecordsAnswer,
  type AuditSubject,
  type AuditValues,
  DomainException,
  ErrorCode,
  LIST_QUERY_LIMIT,
  type RpcRequest,
} from '@parley/contracts';
import { sql } from '../database/sql';
import { isoTimeMicros } from '../database/timestamps';
import { requireActor } from '../rpc/require-actor';
import { UUID } from '../rpc/uuid';
import type { Cursor } from '../lists/cursor';

// The audit log's part in each service that holds audited changes (docs/teams.md, "Audit log"): its own
// `audit_entries` table, written in the transaction of the change it records, and the NATS handler through
// which auth-service reads it to merge the workspace's page.

/** The table, in the schema of each service that records entries (its migration runs these). */
export const AUDIT_ENTRIES_DDL: readonly string[] = [
  `create table "audit_entries" (
    "id" uuid primary key default gen_random_uuid(),
    "workspace_id" uuid not null,
    "at" timestamptz not null default clock_timestamp(),
    "actor_id" uuid null,
    "action" text not null,
    "subject_type" text not null,
    "subject_id" text not null,
    "subject_label" text null,
    "before" jsonb null,
    "after" jsonb null
  )`,
  `create index "audit_entries_workspace_at_idx" on "audit_entries" ("workspace_id", "at" desc, "id" desc)`,
];

/**
 * A change to record: what, about what, and its changed fields before and after (see auditChanges). Its
 * actor is the request's person (`actor.userId`), or null for work done on another system's word (a
 * payment webhook).
 */
export interface AuditChange {
  action: AuditAction;
  subject: AuditSubject;
  before?: AuditValues;
  after?: AuditValues;
}

/**
 * Appends one entry. Run it on the EntityManager of the change's transaction, so that the entry and the
 * change are kept or lost together.
 */
export async function appendAudit(
  em: EntityManager,
  workspaceId: string,
  actorId: string | null,
  change: AuditChange,
): Promise<void> {
  await sql(
    em,
    `insert into audit_entries (workspace_id, actor_id, action, subject_type, subject_id, subject_label, before, after)
     values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)`,
    [
      workspaceId,
      actorId,
      change.action,
      change.subject.type,
      change.subject.id,
      change.subject.label ?? null,
      change.before ? JSON.stringify(change.before) : null,
      change.after ? JSON.stringify(change.after) : null,
    ],
  );
}

/**
 * Takes back the entries about a subject whose creation was undone before anyone could see it (an upload
 * whose job could not be queued), in the transaction that undoes it.
 */
export async function withdrawAudit(
  em: EntityManager,
  workspaceId: string,
  subject: Pick<AuditSubject, 'type' | 'id'>,
): Promise<void> {
  await sql(em, `delete from audit_entries where workspace_id = ? and subject_type = ? and subject_id = ?`, [
    workspaceId,
    subject.type,
    subject.id,
  ]);
}

/**
 * The fields of `after` whose value differs from `before`'s, each side holding only those. A `secrets`
 * field that changed is recorded as AUDIT_CHANGED on both sides, never its value. Undefined when nothing
 * changed. Values are compared as JSON (arrays and nulls included).
 */
export function auditChanges<T extends object>(
  before: T,
  after: T,
  secrets: readonly (keyof T)[] = [],
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const a = (before as Record<string, unknown>)[key];
    const b = (after as Record<string, unknown>)[key];
    if (JSON.stringify(a ?? null) === JSON.stringify(b ?? null)) continue;
    const secret = secrets.includes(key);
    was[key] = secret ? AUDIT_CHANGED : (a ?? null);
    now[key] = secret ? AUDIT_CHANGED : (b ?? null);
  }
  return Object.keys(now).length === 0 ? undefined : { before: was, after: now };
}

type AuditRow = {
  id: string;
  at: string;
  actor_id: string | null;
  action: AuditAction;
  subject_type: AuditSubject['type'];
  subject_id: string;
  subject_label: string | null;
  before: AuditValues;
  after: AuditValues;
};

/** The workspace's entries strictly older than `after`, newest first, at most `limit`. */
export async function auditRecords(
  em: EntityManager,
  workspaceId: string,
  limit: number,
  after?: Cursor,
): Promise<AuditRecord[]> {
  const rows = await sql<AuditRow>(
    em,
    `select id, at, actor_id, action, subject_type, subject_id, subject_label, before, after
       from audit_entries
      where workspace_id = ? ${after ? 'and (at, id) < (?::timestamptz, ?::uuid)' : ''}
      order by at desc, id desc limit ?`,
    [workspaceId, ...(after ? [after.at, after.id] : []), limit],
  );
  return rows.map((row) => ({
    id: row.id,
    at: isoTimeMicros(row.at),
    actorId: row.actor_id,
    action: row.action,
    subject: {
      type: row.subject_type,
      id: row.subject_id,
      ...(row.subject_label === null ? {} : { label: row.subject_label }),
    },
    before: row.before,
    after: row.after,
  }));
}

/** A source's request, as auth-service sends it; anything else is a 400 (it never comes from a client). */
export function readAuditRequest(data: unknown): { limit: number; after?: Cursor } {
  const { limit, after } = (data ?? {}) as { limit?: unknown; after?: { at?: unknown; id?: unknown } };
  const max = LIST_QUERY_LIMIT.max + 1;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new DomainException(ErrorCode.ValidationFailed, `Limit must be a whole number from 1 to ${max}`, {
      field: 'limit',
    });
  }
  if (after === undefined || after === null) return { limit };
  if (
    typeof after.at !== 'string' ||
    Number.isNaN(Date.parse(after.at)) ||
    typeof after.id !== 'string' ||
    !UUID.test(after.id)
  ) {
    throw new DomainException(ErrorCode.ValidationFailed, 'Cursor is not valid', { field: 'cursor' });
  }
  return { limit, after: { at: after.at, id: after.id } };
}

/** Owners and admins read the log (the gateway checked; each source checks again). */
export function requireAuditReader(req: RpcRequest): Actor {
  const actor = requireActor(req);
  if (actor.role !== 'owner' && actor.role !== 'admin') {
    throw new DomainException(ErrorCode.Forbidden, `Your role (${actor.role}) cannot do this.`);
  }
  return actor;
}

/**
 * The controller through which auth-service reads this service's entries (`subject`: one of
 * AUDIT_SUBJECTS.entries). Add it to the service's module's controllers.
 */
export function auditEntriesController(subject: string): Type<unknown> {
  @Controller()
  class AuditEntriesController {
    constructor(private readonly orm: MikroORM) {}

    @MessagePattern(subject)
    @CreateRequestContext()
    async entries(@Payload() req: RpcRequest): Promise<AuditRecordsAnswer> {
      const actor = requireAuditReader(req);
      const { limit, after } = readAuditRequest(req.data);
      return { items: await auditRecords(this.orm.em as EntityManager, actor.workspaceId, limit, after) };
    }
  }
  return AuditEntriesController;
}

import { Injectable } from '@nestjs/common';
import {
  type Actor,
  AUDIT_SUBJECTS,
  type AuditEntry,
  type AuditPage,
  type AuditQueryDto,
  type AuditRecord,
  type AuditRecordsAnswer,
} from '@parley/contracts';
import { type Cursor, decodeCursor, encodeCursor, ServiceClient } from '@parley/server-kit';
import { TeamQueries } from '../team/team.queries';
import { requireManager } from '../team/team.service';

/** The other services that keep audit entries; auth-service's own are read from its database. */
const SOURCES = [
  AUDIT_SUBJECTS.entries.messaging,
  AUDIT_SUBJECTS.entries.integrations,
  AUDIT_SUBJECTS.entries.billing,
] as const;

/**
 * GET /api/audit (docs/teams.md, "Audit log"): every service's entries of the workspace, merged newest first
 * and keyset-paged by (at, id). Each source is asked for one more than the page past the cursor, so the
 * merged page is exact; a source that does not answer fails the page (503), since a log with gaps nobody
 * sees would mislead. The actors are named here, from the accounts (a removed member keeps their name).
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly queries: TeamQueries,
    private readonly services: ServiceClient,
  ) {}

  async list(actor: Actor, query: AuditQueryDto): Promise<AuditPage> {
    requireManager(actor);
    const after = decodeCursor(query.cursor);
    const limit = query.limit;
    const asked = { limit: limit + 1, ...(after ? { after } : {}) };
    const lists = await Promise.all([
      this.queries.auditRecords(actor.workspaceId, limit + 1, after),
      ...SOURCES.map((subject) =>
        this.services.send<AuditRecordsAnswer>(subject, asked, { actor }).then((answer) => answer.items),
      ),
    ]);
    const merged = mergeNewestFirst(lists);
    const kept = merged.slice(0, limit);
    const last = kept[kept.length - 1];
    const names = await this.queries.userNames([
      ...new Set(kept.map((record) => record.actorId).filter((id): id is string => id !== null)),
    ]);
    return {
      items: kept.map((record) => toEntry(record, names)),
      nextCursor: merged.length > limit && last ? encodeCursor(last.at, last.id) : null,
    };
  }
}

/** Newest first by (at, id), as each source sorts: `at` with microseconds, in one fixed format. */
export function mergeNewestFirst(lists: readonly AuditRecord[][]): AuditRecord[] {
  return lists.flat().sort((a, b) => compare(positionOf(b), positionOf(a)));
}

function positionOf(record: AuditRecord): Cursor {
  return { at: record.at, id: record.id };
}

function compare(a: Cursor, b: Cursor): number {
  const at = Date.parse(a.at) - Date.parse(b.at) || micros(a.at) - micros(b.at);
  if (at !== 0) return at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The digits below the millisecond (Date.parse keeps milliseconds only). */
function micros(at: string): number {
  const fraction = /\.(\d+)Z$/.exec(at)?.[1] ?? '';
  return Number(fraction.padEnd(6, '0').slice(3, 6));
}

function toEntry(record: AuditRecord, names: Map<string, string>): AuditEntry {
  return {
    id: record.id,
    at: new Date(record.at).toISOString(),
    actor: {
      userId: record.actorId,
      name: record.actorId === null ? null : (names.get(record.actorId) ?? null),
    },
    action: record.action,
    subject: record.subject,
    before: record.before,
    after: record.after,
  };
}

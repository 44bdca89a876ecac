import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type {
  CustomerStage,
  Intent,
  LeadPotential,
  StageChangeResponse,
  StageEvidence,
  StageMover,
  StageSuggestionResponse,
} from '@parley/contracts';
import { isoTime, sql } from '@parley/server-kit';

/** The most stage changes a customer's history answers (newest first). */
export const STAGE_HISTORY_LIMIT = 50;
/** The most pending suggestions the board gets (newest first). */
export const STAGE_SUGGESTIONS_LIMIT = 500;

interface EvidenceColumns {
  message_id: string | null;
  quote: string | null;
  intent: string | null;
  lead_potential: string | null;
}

interface ChangeRow extends EvidenceColumns {
  id: string;
  from_stage: string | null;
  to_stage: string;
  at: string;
  by_kind: string | null;
  by_user_id: string | null;
  undone_at: string | null;
  /** The customer's stage now, and whether this is their latest change. */
  stage_now: string;
  latest: boolean;
}

interface SuggestionRow extends EvidenceColumns {
  customer_id: string;
  customer_name: string;
  from_stage: string;
  to_stage: string;
  at: string;
}

/** A stage change as the trigger recorded it (Migration20261218100000). */
export interface StageChangeRow {
  id: string;
  from: CustomerStage | null;
  to: CustomerStage;
  by: StageMover | null;
  undone: boolean;
}

function evidenceOf(row: EvidenceColumns): StageEvidence | null {
  if (row.quote === null) return null;
  return {
    messageId: row.message_id,
    quote: row.quote,
    intent: row.intent as Intent | null,
    leadPotential: row.lead_potential as LeadPotential | null,
  };
}

/** Reads of the stage history and the AI's pending suggestions; the moves themselves go through CustomersQueries. */
@Injectable()
export class StageHistoryQueries {
  constructor(private readonly em: EntityManager) {}

  /** The customer's changes, newest first; undefined when the owner has no such customer. */
  async history(ownerId: string, customerId: string): Promise<StageChangeResponse[] | undefined> {
    const rows = await sql<ChangeRow | { id: null }>(
      this.em,
      `with customer as (select id, stage from customers where id = ? and owner_id = ?),
            changes as (
              select s.*, row_number() over (order by s.at desc, s.id desc) = 1 as latest
                from stage_changes s, customer c where s.customer_id = c.id and s.owner_id = ?
               order by s.at desc, s.id desc limit ${STAGE_HISTORY_LIMIT})
       select ch.id::text, ch.from_stage, ch.to_stage, ch.at::text, ch.by_kind, ch.by_user_id, ch.message_id, ch.quote,
              ch.intent, ch.lead_potential, ch.undone_at::text, c.stage as stage_now, ch.latest
         from customer c left join changes ch on true
        order by ch.at desc nulls last, ch.id desc`,
      [customerId, ownerId, ownerId],
    );
    if (rows.length === 0) return undefined;
    return rows.flatMap((row) => {
      if (row.id === null) return [];
      const change = row as ChangeRow;
      return [
        {
          id: change.id,
          from: change.from_stage as CustomerStage | null,
          to: change.to_stage as CustomerStage,
          at: isoTime(change.at),
          by: change.by_kind as StageMover | null,
          userId: change.by_user_id,
          evidence: evidenceOf(change),
          undoneAt: change.undone_at === null ? null : isoTime(change.undone_at),
          undoable:
            change.by_kind === 'ai' &&
            change.undone_at === null &&
            change.from_stage !== null &&
            change.latest &&
            change.stage_now === change.to_stage,
        },
      ];
    });
  }

  /** One change of the owner's customer; undefined when there is none. */
  async change(ownerId: string, customerId: string, changeId: string): Promise<StageChangeRow | undefined> {
    const [row] = await sql<{
      id: string;
      from_stage: string | null;
      to_stage: string;
      by_kind: string | null;
      undone: boolean;
    }>(
      this.em,
      `select id::text, from_stage, to_stage, by_kind, undone_at is not null as undone
         from stage_changes where id = ? and customer_id = ? and owner_id = ?`,
      [changeId, customerId, ownerId],
    );
    return (
      row && {
        id: row.id,
        from: row.from_stage as CustomerStage | null,
        to: row.to_stage as CustomerStage,
        by: row.by_kind as StageMover | null,
        undone: row.undone,
      }
    );
  }

  /** The owner's pending suggestions, newest first, or only the one customer's. */
  async suggestions(ownerId: string, customerId?: string): Promise<StageSuggestionResponse[]> {
    const rows = await sql<SuggestionRow>(
      this.em,
      `select s.customer_id, c.name as customer_name, s.from_stage, s.to_stage, s.at::text, s.message_id, s.quote,
              s.intent, s.lead_potential
         from stage_suggestions s join customers c on c.id = s.customer_id
        where s.owner_id = ? ${customerId === undefined ? '' : 'and s.customer_id = ?'}
        order by s.at desc limit ${STAGE_SUGGESTIONS_LIMIT}`,
      customerId === undefined ? [ownerId] : [ownerId, customerId],
    );
    return rows.map((row) => ({
      customerId: row.customer_id,
      customerName: row.customer_name,
      from: row.from_stage as CustomerStage,
      stage: row.to_stage as CustomerStage,
      at: isoTime(row.at),
      evidence: evidenceOf(row) as StageEvidence,
    }));
  }

  /** Dismisses the customer's suggestion; false when there was none. */
  async dismiss(ownerId: string, customerId: string): Promise<boolean> {
    const rows = await sql<{ customer_id: string }>(
      this.em,
      'delete from stage_suggestions where customer_id = ? and owner_id = ? returning customer_id',
      [customerId, ownerId],
    );
    return rows.length > 0;
  }
}

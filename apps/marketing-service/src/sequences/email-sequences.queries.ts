import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerStage, EmailSequenceResponse, EmailSequenceTrigger } from '@parley/contracts';
import { type Cursor, type Page, sql } from '@parley/server-kit';
import { deleteOwned, insertRow, ownedPage, ownedRow, updateOwned } from '../shared/owned-rows';
import { EMAIL_SEQUENCES, type EmailSequenceRow } from './email-sequence.mapper';

/** A sequence's columns as the owner may set them; undefined ones are left as they are. */
export interface SequenceColumns {
  name?: string;
  trigger_type?: EmailSequenceTrigger;
  trigger_stage?: CustomerStage | null;
  is_active?: boolean;
}

/** One step as stored (its number is its place in the list). */
export interface StepColumns {
  delay_days: number;
  delay_hours: number;
  template_id: string;
}

/** Who a trigger is about: subscribers by id (added), or the subscriber made from a customer. */
export type TriggerTarget = { subscriberIds: readonly string[] } | { customerId: string };

/**
 * The SQL of an owner's sequences and their steps (the runner's SQL is in sequence-runner.queries.ts).
 * Steps are kept by number: saving a list updates steps 1..n in place (their ids stay) and removes the
 * rest, so subscribers on their way go on at the number they reached.
 */
@Injectable()
export class EmailSequencesQueries {
  constructor(private readonly em: EntityManager) {}

  page(ownerId: string, limit: number, after?: Cursor): Promise<Page<EmailSequenceResponse>> {
    return ownedPage(this.em, EMAIL_SEQUENCES, ownerId, limit, after);
  }

  find(ownerId: string, id: string): Promise<EmailSequenceRow | undefined> {
    return ownedRow(this.em, EMAIL_SEQUENCES, ownerId, id);
  }

  /** The new sequence and its steps, in one transaction. */
  async insert(ownerId: string, columns: SequenceColumns, steps: readonly StepColumns[]): Promise<string> {
    const id = randomUUID();
    await this.em.fork().transactional(async (em) => {
      await insertRow(em, { ...EMAIL_SEQUENCES, columns: 'id' }, { id, owner_id: ownerId, ...columns });
      await this.writeSteps(em, id, steps);
    });
    return id;
  }

  /**
   * The sent columns and, when given, the whole list of steps, in one transaction; switched off, its
   * subscribers' ways end (`stopped`) and its mails not yet sent are skipped. False when the owner has no
   * such sequence.
   */
  async update(
    ownerId: string,
    id: string,
    columns: SequenceColumns,
    steps: readonly StepColumns[] | undefined,
  ): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      const row = await updateOwned(em, { ...EMAIL_SEQUENCES, columns: 'id' }, ownerId, id, { ...columns });
      if (!row) return false;
      if (steps) await this.writeSteps(em, id, steps);
      if (columns.is_active === false) {
        await sql(
          em,
          `update email_sequence_enrolments set status = 'stopped', updated_at = now()
            where sequence_id = ? and status = 'active'`,
          [id],
        );
        await sql(
          em,
          `update email_deliveries set status = 'skipped', error_message = 'The sequence was switched off'
            where sequence_id = ? and status = 'pending'`,
          [id],
        );
      }
      return true;
    });
  }

  delete(ownerId: string, id: string): Promise<boolean> {
    return deleteOwned(this.em, EMAIL_SEQUENCES.table, ownerId, id);
  }

  /**
   * Starts the owner's active sequences of `trigger` (for stage_reached, those of `stage`) for the target's
   * subscribers still subscribed, each once ever (a second trigger finds the enrolment there): their first
   * step is due its delay after `now`. How many ways began.
   */
  async enrol(
    ownerId: string,
    trigger: EmailSequenceTrigger,
    target: TriggerTarget,
    now: Date,
    stage: CustomerStage | null = null,
  ): Promise<number> {
    const [who, whom] =
      'customerId' in target
        ? ['s.customer_id = ?::uuid', target.customerId]
        : ['s.id = any(?::uuid[])', target.subscriberIds];
    const rows = await sql(
      this.em,
      `insert into email_sequence_enrolments (id, owner_id, sequence_id, subscriber_id, next_step, next_at, enrolled_at)
       select gen_random_uuid(), q.owner_id, q.id, s.id, 1,
              ?::timestamptz + make_interval(days => st.delay_days, hours => st.delay_hours), ?::timestamptz
         from email_sequences q
         join email_sequence_steps st on st.sequence_id = q.id and st.step_order = 1
         join email_subscribers s on s.owner_id = q.owner_id and s.status = 'subscribed'
        where q.owner_id = ? and q.is_active and q.trigger_type = ?
          and (q.trigger_type <> 'stage_reached' or q.trigger_stage = ?) and ${who}
       on conflict (sequence_id, subscriber_id) do nothing
       returning id`,
      [now.toISOString(), now.toISOString(), ownerId, trigger, stage, whom],
    );
    return rows.length;
  }

  /** Whether the owner has a sequence of `trigger` switched on (most owners have none: nothing to start). */
  async anyActive(ownerId: string, trigger: EmailSequenceTrigger): Promise<boolean> {
    const rows = await sql(
      this.em,
      'select 1 from email_sequences where owner_id = ? and trigger_type = ? and is_active limit 1',
      [ownerId, trigger],
    );
    return rows.length > 0;
  }

  private async writeSteps(
    em: EntityManager,
    sequenceId: string,
    steps: readonly StepColumns[],
  ): Promise<void> {
    await sql(
      em,
      `insert into email_sequence_steps (id, sequence_id, step_order, delay_days, delay_hours, template_id)
       select gen_random_uuid(), ?::uuid, r.step_order, r.delay_days, r.delay_hours, r.template_id
         from json_to_recordset(?::json) as r(step_order int, delay_days int, delay_hours int, template_id uuid)
       on conflict (sequence_id, step_order) do update
          set delay_days = excluded.delay_days, delay_hours = excluded.delay_hours,
              template_id = excluded.template_id, is_active = true`,
      [sequenceId, JSON.stringify(steps.map((step, index) => ({ ...step, step_order: index + 1 })))],
    );
    await sql(em, 'delete from email_sequence_steps where sequence_id = ? and step_order > ?', [
      sequenceId,
      steps.length,
    ]);
  }
}

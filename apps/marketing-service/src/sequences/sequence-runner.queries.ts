import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '@parley/server-kit';

/** A subscriber's way through a sequence whose next step is due, with what deciding it needs. */
interface DueEnrolment {
  id: string;
  owner_id: string;
  sequence_id: string;
  subscriber_id: string;
  next_step: number;
  sequence_active: boolean;
  subscriber_status: string;
  step_id: string | null;
  template_id: string | null;
  following_days: number | null;
  following_hours: number | null;
}

/** A sequence mail to queue. */
export interface QueuedStep {
  ownerId: string;
  deliveryId: string;
}

const HOUR_MS = 3_600_000;

/**
 * The SQL of running sequences (docs/email.md, "Sequences"). The enrolment rows are the schedule: a pass
 * takes the due ones under `for update skip locked` (replicas share them; a killed pass's transaction
 * rolls back and the rows are due again), writes each due step's delivery (unique per step and subscriber)
 * and moves the enrolment on, in one transaction. So a step goes to a subscriber once, on time, across
 * restarts.
 */
@Injectable()
export class SequenceRunnerQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Up to `limit` enrolments due at `now`: each one's step becomes a pending delivery (a step without a
   * template, deleted since, is passed over) and the enrolment moves to the next step, due its delay after
   * `now`, or ends `completed`; one whose subscriber left or whose sequence was switched off ends `stopped`.
   * The deliveries to queue.
   */
  takeDue(now: Date, limit: number): Promise<QueuedStep[]> {
    return this.em.fork().transactional(async (em) => {
      const due = await sql<DueEnrolment>(
        em,
        `select e.id, e.owner_id, e.sequence_id, e.subscriber_id, e.next_step,
                q.is_active as sequence_active, s.status as subscriber_status,
                st.id as step_id, st.template_id,
                nx.delay_days as following_days, nx.delay_hours as following_hours
           from email_sequence_enrolments e
           join email_sequences q on q.id = e.sequence_id
           join email_subscribers s on s.id = e.subscriber_id
           left join email_sequence_steps st on st.sequence_id = e.sequence_id and st.step_order = e.next_step
           left join email_sequence_steps nx on nx.sequence_id = e.sequence_id and nx.step_order = e.next_step + 1
          where e.status = 'active' and e.next_at <= ?
          order by e.next_at
          limit ?
          for update of e skip locked`,
        [now.toISOString(), limit],
      );
      const queued: QueuedStep[] = [];
      for (const enrolment of due) {
        if (!enrolment.sequence_active || enrolment.subscriber_status !== 'subscribed') {
          await this.end(em, enrolment.id, 'stopped');
          continue;
        }
        if (enrolment.step_id === null) {
          await this.end(em, enrolment.id, 'completed');
          continue;
        }
        if (enrolment.template_id !== null) {
          const [delivery] = await sql<{ id: string }>(
            em,
            `insert into email_deliveries (id, owner_id, sequence_id, sequence_step_id, subscriber_id, template_id)
             values (gen_random_uuid(), ?, ?, ?, ?, ?)
             on conflict (sequence_step_id, subscriber_id) where sequence_step_id is not null do nothing
             returning id`,
            [
              enrolment.owner_id,
              enrolment.sequence_id,
              enrolment.step_id,
              enrolment.subscriber_id,
              enrolment.template_id,
            ],
          );
          if (delivery) queued.push({ ownerId: enrolment.owner_id, deliveryId: delivery.id });
        }
        if (enrolment.following_days === null) {
          await this.end(em, enrolment.id, 'completed');
          continue;
        }
        const nextAt = new Date(
          now.getTime() + (enrolment.following_days * 24 + (enrolment.following_hours ?? 0)) * HOUR_MS,
        );
        await sql(
          em,
          `update email_sequence_enrolments set next_step = next_step + 1, next_at = ?, updated_at = now() where id = ?`,
          [nextAt.toISOString(), enrolment.id],
        );
      }
      return queued;
    });
  }

  /** Sequence mails still pending (their jobs may have been lost with Redis), to queue again. */
  pending(limit: number): Promise<QueuedStep[]> {
    return sql<QueuedStep>(
      this.em,
      `select owner_id as "ownerId", id as "deliveryId" from email_deliveries
        where sequence_id is not null and status = 'pending' limit ?`,
      [limit],
    );
  }

  private async end(em: EntityManager, id: string, status: 'completed' | 'stopped'): Promise<void> {
    await sql(
      em,
      `update email_sequence_enrolments set status = ?, next_at = null, updated_at = now() where id = ?`,
      [status, id],
    );
  }
}

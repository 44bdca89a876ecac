import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerEventRecord, CustomerEventType, CustomerStage } from '@parley/contracts';
import { isoTime, sql } from '@parley/server-kit';

/** Events nobody acknowledged within this many days are dropped (no consumer runs, or it keeps failing). */
const KEPT_DAYS = 7;

interface EventRow {
  id: string;
  owner_id: string;
  customer_id: string;
  type: CustomerEventType;
  stage: CustomerStage | null;
  created_at: string;
}

/**
 * The SQL of the customer events log (Migration20261217100000): triggers write it in the transaction that
 * moved a customer's stage or opened a lead; consumers lease and acknowledge.
 */
@Injectable()
export class CustomerEventsQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Up to `limit` events, oldest first, that no one holds (never leased, or their lease ran out), each now held
   * for `leaseSeconds`. Two consumers asking at once get different events (skip locked). Events older than
   * KEPT_DAYS are dropped first.
   */
  async lease(limit: number, leaseSeconds: number): Promise<CustomerEventRecord[]> {
    await sql(this.em, `delete from customer_events where created_at < now() - make_interval(days => ?)`, [
      KEPT_DAYS,
    ]);
    const rows = await sql<EventRow>(
      this.em,
      `with free as (
         select id from customer_events
          where leased_until is null or leased_until < now()
          order by id limit ? for update skip locked)
       update customer_events e set leased_until = now() + make_interval(secs => ?)
         from free where e.id = free.id
       returning e.id::text, e.owner_id, e.customer_id, e.type, e.stage, e.created_at`,
      [limit, leaseSeconds],
    );
    return rows
      .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)))
      .map((row) => ({
        id: row.id,
        ownerId: row.owner_id,
        customerId: row.customer_id,
        type: row.type,
        stage: row.stage,
        occurredAt: isoTime(row.created_at),
      }));
  }

  /** Deletes the events handled; how many there were. */
  async ack(ids: readonly string[]): Promise<number> {
    const rows = await sql(this.em, 'delete from customer_events where id = any(?::bigint[]) returning id', [
      ids,
    ]);
    return rows.length;
  }
}

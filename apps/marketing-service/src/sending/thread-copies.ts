import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainException, type EmailInThreadData, ErrorCode, MESSAGING_SUBJECTS, workspaceActor } from '@parley/contracts';
import { isoTime, Reconciler, ServiceClient, sql } from '@parley/server-kit';
import type { ThreadItem } from './sending.queries';

const ASK_TIMEOUT_MS = 3000;
/** A pass every minute hands over again the items messaging-service did not take; one this young may be under way. */
const GRACE_SECONDS = 30;
const BATCH = 200;
/** Items messaging-service has not taken in this long are dropped. */
const KEPT_DAYS = 7;
/** What messaging-service answers when it (or the broker) was not there: worth trying again. */
const TRY_AGAIN: readonly ErrorCode[] = [ErrorCode.ServiceUnavailable, ErrorCode.Timeout, ErrorCode.Internal];

interface ItemRow {
  delivery_id: string;
  owner_id: string;
  customer_id: string;
  subject: string;
  content: string;
  sent_at: string;
}

/**
 * Email continues the chat (docs/email.md, "Email in the conversation"): a mail sent to a subscriber made from a
 * customer is handed to messaging-service, which keeps it in the customer's thread. The item was written with
 * the delivery's move to `sent` (email_thread_items) and is deleted once messaging-service answered; a pass
 * every minute, on every replica, hands over again those it did not take (it was down). messaging-service
 * stores each delivery once, so a repeat is harmless. A customer deleted since (404) or an item it refuses
 * (400) is dropped, as is one still there after a week.
 */
@Injectable()
export class ThreadCopies extends Reconciler<[graceSeconds?: number]> {
  protected readonly intervalMs = 60_000;

  constructor(
    private readonly services: ServiceClient,
    private readonly em: EntityManager,
  ) {
    super();
  }

  /** Hands the item over; false when it is left for a later pass. */
  async handOver(item: ThreadItem): Promise<boolean> {
    const data: EmailInThreadData = {
      customerId: item.customerId,
      deliveryId: item.deliveryId,
      subject: item.subject,
      content: item.content,
      sentAt: item.sentAt,
    };
    try {
      await this.services.send(
        MESSAGING_SUBJECTS.recordEmail,
        data,
        { actor: workspaceActor(item.ownerId) },
        ASK_TIMEOUT_MS,
      );
    } catch (error) {
      if (!(error instanceof DomainException) || TRY_AGAIN.includes(error.code)) {
        this.logger.warn(`mail ${item.deliveryId} not yet in the customer's thread: ${String(error)}`);
        return false;
      }
      this.logger.warn(`mail ${item.deliveryId} dropped from the customer's thread: ${error.message}`);
    }
    await sql(this.em.fork(), 'delete from email_thread_items where delivery_id = ?', [item.deliveryId]);
    return true;
  }

  /** Hands over the items left, older than `graceSeconds` (the tests pass 0); how many were taken. */
  protected async reconcile(graceSeconds = GRACE_SECONDS): Promise<number> {
    const em = this.em.fork();
    await sql(em, 'delete from email_thread_items where created_at < now() - make_interval(days => ?)', [
      KEPT_DAYS,
    ]);
    const rows = await sql<ItemRow>(
      em,
      `select delivery_id, owner_id, customer_id, subject, content, sent_at from email_thread_items
        where created_at < now() - make_interval(secs => ?) order by created_at limit ?`,
      [graceSeconds, BATCH],
    );
    let taken = 0;
    for (const row of rows) {
      const item: ThreadItem = {
        deliveryId: row.delivery_id,
        ownerId: row.owner_id,
        customerId: row.customer_id,
        subject: row.subject,
        content: row.content,
        sentAt: isoTime(row.sent_at),
      };
      if (await this.handOver(item)) taken++;
      else break; // messaging-service is away: the next pass tries again
    }
    return taken;
  }
}

import { Injectable } from '@nestjs/common';
import {
  type AckCustomerEventsData,
  CUSTOMER_STAGES,
  type CustomerEventRecord,
  type LeaseCustomerEventsData,
  MESSAGING_SUBJECTS,
} from '@parley/contracts';
import { Reconciler, ServiceClient } from '@parley/server-kit';
import { MarketingConfig } from '../config/marketing.config';
import { EmailSequencesService } from './email-sequences.service';

/** Events taken at once, and passes in a row while full batches keep coming. */
const BATCH = 100;
const BATCHES_PER_PASS = 20;
/** How long messaging-service keeps a leased event from others: longer than a batch takes to handle. */
const LEASE_SECONDS = 60;
const ASK_TIMEOUT_MS = 5000;

/**
 * Sequences started by what happens to customers (docs/email.md, "Sequences"): messaging-service logs each
 * stage reached and lead opened in the transaction that made it, whoever made it (a person, the AI's reply);
 * every EMAIL_TRIGGER_POLL_MS, on every replica, this leases the waiting events, starts the stage_reached
 * sequences of that stage or the new_lead ones for the subscriber made from that customer (if any), and
 * acknowledges them. An event is acknowledged only once handled: one whose handling failed, or that was
 * leased by a replica that died, is offered again when its lease ends. Nothing is lost while this service is
 * down; the events wait in messaging-service. Handling one twice starts nothing twice (an enrolment is unique
 * per sequence and subscriber).
 */
@Injectable()
export class CustomerEventTriggers extends Reconciler {
  protected readonly intervalMs: number;

  constructor(
    private readonly services: ServiceClient,
    private readonly sequences: EmailSequencesService,
    config: MarketingConfig,
  ) {
    super();
    this.intervalMs = config.EMAIL_TRIGGER_POLL_MS;
  }

  /** Handles the waiting events; how many were handled. */
  protected async reconcile(): Promise<number> {
    let handled = 0;
    for (let batch = 0; batch < BATCHES_PER_PASS; batch++) {
      const request: LeaseCustomerEventsData = { limit: BATCH, leaseSeconds: LEASE_SECONDS };
      const events = await this.services.send<CustomerEventRecord[]>(
        MESSAGING_SUBJECTS.leaseCustomerEvents,
        request,
        {},
        ASK_TIMEOUT_MS,
      );
      const done: string[] = [];
      for (const event of events) {
        try {
          await this.handle(event);
          done.push(event.id);
        } catch (error) {
          this.logger.warn(`customer event ${event.id} (${event.type}) not handled yet: ${String(error)}`);
        }
      }
      if (done.length > 0) {
        const ack: AckCustomerEventsData = { ids: done };
        await this.services.send(MESSAGING_SUBJECTS.ackCustomerEvents, ack, {}, ASK_TIMEOUT_MS);
      }
      handled += done.length;
      if (events.length < BATCH) break;
    }
    return handled;
  }

  private async handle({ ownerId, customerId, type, stage }: CustomerEventRecord): Promise<void> {
    if (type === 'new_lead') await this.sequences.trigger(ownerId, 'new_lead', { customerId });
    else if (stage !== null && CUSTOMER_STAGES.includes(stage))
      await this.sequences.trigger(ownerId, 'stage_reached', { customerId }, stage);
  }
}

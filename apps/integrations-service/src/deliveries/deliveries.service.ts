import { Injectable } from '@nestjs/common';
import type { DeliveryRequest } from '@parley/contracts';
import { Batcher } from '@parley/server-kit';
import { DeliveriesQueries } from './deliveries.queries';
import { DeliveryQueue } from './delivery-queue';

type Handover = DeliveryRequest & { ownerId: string };

/** messaging-service's outgoing messages in: stored, then sent by a Bull job (DeliveryProcessor). */
@Injectable()
export class DeliveriesService {
  constructor(
    private readonly queries: DeliveriesQueries,
    private readonly queue: DeliveryQueue,
  ) {}

  /** Hand-overs arriving together are stored in one statement and queued in one round trip to Redis. */
  private readonly handovers = new Batcher<Handover, void>(async (batch) => {
    await this.queries.insert(batch);
    await this.queue.add(batch.map((d) => d.messageId));
    return batch.map(() => undefined);
  });

  /**
   * Stored before it is queued, so a job that is lost is found again by the reconciler. Idempotent on the
   * message id: a message handed over again is neither stored nor sent twice, but gets a job if it had
   * none, which tells messaging-service again where the message stands.
   */
  async enqueue(ownerId: string, request: DeliveryRequest): Promise<{ queued: true }> {
    await this.handovers.call({ ...request, ownerId });
    return { queued: true };
  }
}

import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CUSTOMER_STAGES, type CustomerStage, type OwnerEvent, REALTIME_SUBJECT } from '@parley/contracts';
import { NATS_CONNECTION, ServiceConfig, UUID } from '@parley/server-kit';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { EmailSequencesService } from './email-sequences.service';

/** One replica of marketing-service takes each event (the gateway's own subscription gets every one). */
const QUEUE = 'marketing-service-sequence-triggers';

/**
 * Sequences started by what happens in conversations (docs/email.md, "Sequences"): messaging-service's
 * events about a customer, on NATS — `customer_updated` (a person moved them to a stage) starts the
 * stage_reached sequences of that stage, `new_lead` the new_lead ones — for the subscriber made from
 * that customer (the contact panel's Make subscriber), if there is one. These are notifications, not
 * records: one published while no marketing-service runs is not replayed.
 */
@Injectable()
export class MessagingTriggers implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(MessagingTriggers.name);
  private subscription?: Subscription;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    private readonly config: ServiceConfig,
    private readonly sequences: EmailSequencesService,
  ) {}

  onModuleInit(): void {
    const codec = JSONCodec<OwnerEvent>();
    this.subscription = this.nats.subscribe(this.config.NATS_PREFIX + REALTIME_SUBJECT, {
      queue: QUEUE,
      callback: (error, msg) => {
        if (!error) void this.handle(codec.decode(msg.data));
      },
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  /** Exported for the tests. */
  async handle({ ownerId, event }: OwnerEvent): Promise<number> {
    const customerId = typeof event.data?.customerId === 'string' ? event.data.customerId : undefined;
    if (!customerId || !UUID.test(customerId)) return 0;
    try {
      if (event.type === 'new_lead') return await this.sequences.trigger(ownerId, 'new_lead', { customerId });
      const stage = event.data?.stage as CustomerStage | undefined;
      if (event.type === 'customer_updated' && stage && CUSTOMER_STAGES.includes(stage)) {
        return await this.sequences.trigger(ownerId, 'stage_reached', { customerId }, stage);
      }
    } catch (error) {
      this.logger.warn(`sequence trigger ${event.type} for customer ${customerId} failed: ${String(error)}`);
    }
    return 0;
  }
}

import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { IntegrationsConfig } from '../config/integrations.config';

/**
 * Queue name and payload are a wire contract between replicas (and across deploys): changing either
 * needs a new queue name.
 */
export const HEALTH_CHECK_QUEUE = 'channel-health-checks';

/** The repeatable job's name and id: every replica registers the same, and Bull keeps one. */
export const HEALTH_CHECK_JOB = 'check-every-channel';

/** One pass over every connected page: nothing to carry. */
export type HealthCheckJob = Record<string, never>;

/**
 * The periodic health check as a Bull repeatable job: each replica registers it at start with the same
 * name, id and interval, Bull keeps one schedule in Redis and makes one job per tick, which one replica
 * takes. A schedule of another interval (a previous deploy's CHANNEL_HEALTH_INTERVAL_MS) is removed.
 */
@Injectable()
export class HealthCheckQueue {
  private readonly logger = new Logger(HealthCheckQueue.name);

  constructor(
    @InjectQueue(HEALTH_CHECK_QUEUE) readonly queue: Queue<HealthCheckJob>,
    private readonly config: IntegrationsConfig,
  ) {}

  /** Registers the schedule (idempotent), after removing any other interval's. */
  async schedule(): Promise<void> {
    const every = this.config.CHANNEL_HEALTH_INTERVAL_MS;
    for (const repeatable of await this.queue.getRepeatableJobs()) {
      if (repeatable.name === HEALTH_CHECK_JOB && Number(repeatable.every) !== every) {
        await this.queue.removeRepeatableByKey(repeatable.key);
        this.logger.log(`removed the health check's schedule of every ${repeatable.every} ms`);
      }
    }
    await this.queue.add(
      HEALTH_CHECK_JOB,
      {},
      {
        repeat: { every },
        jobId: HEALTH_CHECK_JOB,
        // A pass that fails is not retried: the next tick is the retry.
        attempts: 1,
        removeOnComplete: true,
        removeOnFail: 100,
      },
    );
  }
}

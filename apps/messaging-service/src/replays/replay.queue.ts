import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { OwnerRounds } from '@parley/server-kit';
import type { Queue } from 'bull';

/**
 * Queue name and payload are a wire contract between replicas (and across deploys): changing either
 * needs a new queue name.
 */
export const REPLAY_QUEUE = 'replays';

/** One replay to run; its draft and limit are in its row, so any replica can run it. */
export interface ReplayJob {
  replayId: string;
}

@Injectable()
export class ReplayQueue {
  /** Owners take turns: one owner's many replays do not hold back another's. */
  private readonly rounds: OwnerRounds;

  constructor(@InjectQueue(REPLAY_QUEUE) readonly queue: Queue<ReplayJob>) {
    this.rounds = new OwnerRounds(queue);
  }

  /** One job per replay (the job id is the replay id); a run cut short by a crash starts over once. */
  async schedule(replayId: string, ownerId: string): Promise<void> {
    await this.queue.add(
      { replayId },
      {
        jobId: replayId,
        priority: await this.rounds.priorityFor(ownerId),
        attempts: 2,
        backoff: { type: 'fixed', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  }
}

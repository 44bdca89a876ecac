import { Logger } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import type { Redis } from 'ioredis';
import { Batcher } from '../batching/batcher';

/** How long an owner's last round is remembered after their last job was added. */
const OWNER_ROUND_TTL_MS = 24 * 3600 * 1000;

/**
 * Gives each job the round of its owner: the owner's previous round plus one, but never a round already
 * served (the queue's round is that of the last job a worker started). One call numbers a whole batch, in
 * order, so two jobs of one owner in a batch get consecutive rounds.
 * KEYS[1] the queue's round, KEYS[2..] each job's owner key; ARGV[1] how long an owner key lives (ms).
 */
const NEXT_ROUNDS = `
local served = tonumber(redis.call('GET', KEYS[1]) or '1')
local rounds = {}
for i = 2, #KEYS do
  local last = tonumber(redis.call('GET', KEYS[i]) or '0')
  local round = math.max(last + 1, served)
  redis.call('SET', KEYS[i], round, 'PX', ARGV[1])
  rounds[#rounds + 1] = round
end
return rounds`;

/** The queue's round moves on to a started job's round (never back: retries keep their earlier round). */
const SERVED = `
local served = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > served then redis.call('SET', KEYS[1], ARGV[1]) end
return 0`;

interface RoundCommands {
  parleyNextRounds(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
  parleyServedRound(key: string, round: number): Promise<number>;
}

/**
 * Fair turns for the owners sharing one Bull queue (docs/architecture.md, "Shared queues"). Every job is
 * added with a Bull `priority` that is its owner's round: an owner's first job joins the round being served,
 * their next one the round after, and so on. Bull starts lower rounds first and, within a round, jobs in the
 * order they came, so the workers take one job of each owner with work waiting in turn: an owner who
 * queued a thousand jobs delays only their own, and another owner's job waits for the jobs already
 * running and about one job of each other busy owner, not for the whole backlog.
 *
 * Nothing is capped: an owner alone gets every worker, as before, and their jobs still start in the order
 * they were added. The rounds live in Redis beside the queue's keys, so they hold across replicas; an
 * owner's own key expires a day after their last job. Construct one per queue in each process that adds to
 * or works the queue: it moves the round on as this process's workers start jobs.
 */
export class OwnerRounds {
  private readonly logger = new Logger(OwnerRounds.name);
  private readonly redis: Redis & RoundCommands;
  private readonly roundKey: string;
  /** Jobs added meanwhile are numbered by one call (ingest adds a reply job per message). */
  private readonly numbering = new Batcher<string, number>((owners) => this.number(owners));

  constructor(private readonly queue: Queue) {
    const client: Redis = queue.client;
    // Defined once per connection (a queue's client may be shared); ioredis runs them by their SHA.
    if (!('parleyNextRounds' in client)) client.defineCommand('parleyNextRounds', { lua: NEXT_ROUNDS });
    if (!('parleyServedRound' in client))
      client.defineCommand('parleyServedRound', { lua: SERVED, numberOfKeys: 1 });
    this.redis = client as Redis & RoundCommands;
    this.roundKey = queue.toKey('fair:round');
    queue.on('active', (job: Job) => this.served(job));
  }

  /** The Bull `priority` to add the owner's next job with (always 1 or more: 0 would mean none). */
  priorityFor(ownerId: string): Promise<number> {
    return this.numbering.call(ownerId);
  }

  private number(owners: string[]): Promise<number[]> {
    const keys = [this.roundKey, ...owners.map((owner) => this.queue.toKey(`fair:owner:${owner}`))];
    return this.redis.parleyNextRounds(keys.length, ...keys, OWNER_ROUND_TTL_MS);
  }

  private served(job: Job): void {
    const round = job.opts.priority;
    if (!round) return; // added before rounds existed
    this.redis.parleyServedRound(this.roundKey, round).catch((error: unknown) => {
      // Only fairness suffers (newcomers join an earlier round) until the next job starts.
      this.logger.warn(`could not record round ${round} of ${this.queue.name}: ${String(error)}`);
    });
  }
}

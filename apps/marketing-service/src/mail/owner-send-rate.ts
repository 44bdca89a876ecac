import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@parley/server-kit';
import type { Redis } from 'ioredis';
import { MarketingConfig } from '../config/marketing.config';

const MINUTE_MS = 60_000;

/**
 * EMAIL_RATE_PER_MINUTE per owner, across every replica: a counter per owner and clock minute in Redis
 * (a fixed window). Owners never wait on one another: each has their own counter.
 */
@Injectable()
export class OwnerSendRate {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: MarketingConfig,
  ) {}

  /** How long until the owner may send again without taking a slot: 0 when they may now. */
  async waitMs(ownerId: string, now = Date.now()): Promise<number> {
    const count = Number((await this.redis.get(this.key(ownerId, now))) ?? 0);
    return count < this.config.EMAIL_RATE_PER_MINUTE ? 0 : untilNextMinute(now);
  }

  /** Takes one slot of the owner's minute: 0 when taken, else how long until the next minute. */
  async take(ownerId: string, now = Date.now()): Promise<number> {
    const key = this.key(ownerId, now);
    const [[, count]] = (await this.redis.multi().incr(key).pexpire(key, 2 * MINUTE_MS).exec()) as [
      [Error | null, number],
    ];
    return count <= this.config.EMAIL_RATE_PER_MINUTE ? 0 : untilNextMinute(now);
  }

  /**
   * Takes up to `wanted` slots of the owner's minute at once (one round trip for a page of mails): how many
   * were taken, and how long until the next minute when fewer than `wanted` were.
   */
  async takeMany(ownerId: string, wanted: number, now = Date.now()): Promise<{ taken: number; waitMs: number }> {
    if (wanted <= 0) return { taken: 0, waitMs: 0 };
    const key = this.key(ownerId, now);
    const [[, count]] = (await this.redis.multi().incrby(key, wanted).pexpire(key, 2 * MINUTE_MS).exec()) as [
      [Error | null, number],
    ];
    // Those counted before this call took what was below the limit; this call takes what is left of it.
    const taken = Math.max(0, Math.min(wanted, this.config.EMAIL_RATE_PER_MINUTE - (count - wanted)));
    return { taken, waitMs: taken < wanted ? untilNextMinute(now) : 0 };
  }

  private key(ownerId: string, now: number): string {
    return `${this.config.REDIS_PREFIX}:email-rate:${ownerId}:${Math.floor(now / MINUTE_MS)}`;
  }
}

function untilNextMinute(now: number): number {
  return MINUTE_MS - (now % MINUTE_MS);
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { REDIS } from '@parley/server-kit';
import type { Redis } from 'ioredis';
import { IntegrationsConfig } from '../../config/integrations.config';
import type { XRateWindow } from './x-api.client';

/** Sends held back by a spent window start within this long after its reset, not all at the same instant. */
const SPREAD_MS = 2000;

/** A retry is due this long after the reset at the earliest, so that it never finds the hold still there. */
const MARGIN_MS = 100;

/** How long to wait before retrying a send held back by a window that resets at `resetAt` (epoch ms). */
export function afterReset(resetAt: number): number {
  return Math.max(resetAt - Date.now(), 0) + MARGIN_MS + Math.floor(Math.random() * SPREAD_MS);
}

/**
 * X's rate windows for direct messages, per connected account, shared by every replica through Redis.
 * When X says an account has no calls left (`x-rate-limit-remaining: 0`, or a 429), its sends wait until
 * `x-rate-limit-reset` instead of trying X again: the delivery job is retried after the reset (spread over
 * SPREAD_MS), never in a burst against a closed window. Redis failing only loses the hold: X's own 429
 * then says the same.
 */
@Injectable()
export class XRateLimits {
  private readonly logger = new Logger(XRateLimits.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: IntegrationsConfig,
  ) {}

  /** How long the account's sends must still wait (ms, until after the reset), 0 when its window has calls left. */
  async wait(accountId: string): Promise<number> {
    try {
      const until = Number(await this.redis.get(this.key(accountId)));
      return until > Date.now() ? afterReset(until) : 0;
    } catch (error) {
      this.logger.warn(`X rate window of ${accountId} unread: ${String(error)}`);
      return 0;
    }
  }

  /** Notes what X said of the account's window: spent → held until its reset. */
  async note(accountId: string, window: XRateWindow | undefined): Promise<void> {
    if (window === undefined || window.remaining > 0) return;
    const ms = Math.ceil(window.resetAt - Date.now());
    if (ms <= 0) return;
    try {
      await this.redis.set(this.key(accountId), String(window.resetAt), 'PX', ms);
    } catch (error) {
      this.logger.warn(`X rate window of ${accountId} not kept: ${String(error)}`);
    }
  }

  private key(accountId: string): string {
    return `${this.config.REDIS_PREFIX}:x-rate:${accountId}`;
  }
}

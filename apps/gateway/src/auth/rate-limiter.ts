import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainException, ErrorCode } from '@parley/contracts';
import { REDIS } from '@parley/server-kit';
import type { Redis } from 'ioredis';
import { GatewayConfig } from '../config/gateway.config';

const WINDOW_MS = 60_000;

/** `login`: sign-in; `mail`: routes that send mail; `ip`: the IP alone. */
export type RateLimitKind = 'login' | 'mail' | 'ip';

export interface LimitKey {
  /** What is counted, e.g. `ip:1.2.3.4` or `address:a@b.c`. */
  subject: string;
  limit: number;
}

/**
 * Fixed one-minute windows in Redis, so limits hold across gateway replicas and a flood ends with its
 * window. Over the limit: 429 with Retry-After. If Redis is down the request goes through (logged):
 * sign-in must not depend on the limiter.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);

  constructor(
    private readonly config: GatewayConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * What one attempt counts against. Sign-in: per IP, and per address *from that IP*, so nobody can lock
   * an owner out from elsewhere. Routes that send mail: per IP, and per address from anywhere (protects
   * the inbox). Without an address (reset, or a body that is not an object) only the IP is counted.
   */
  keysFor(kind: RateLimitKind, ip: string, email: string | undefined): LimitKey[] {
    const keys: LimitKey[] = [{ subject: `ip:${ip}`, limit: this.config.RATE_LIMIT_IP_PER_MINUTE }];
    if (email === undefined || kind === 'ip') return keys;
    const subject = kind === 'login' ? `address-ip:${email}:${ip}` : `address:${email}`;
    keys.push({ subject, limit: this.config.RATE_LIMIT_ADDRESS_PER_MINUTE });
    return keys;
  }

  async consume(action: string, keys: LimitKey[]): Promise<void> {
    const multi = this.redis.multi();
    const redisKeys = keys.map((k) => `${this.config.REDIS_PREFIX}:gateway:rate:${action}:${k.subject}`);
    for (const key of redisKeys) multi.incr(key).pexpire(key, WINDOW_MS, 'NX').pttl(key);
    let results: [Error | null, unknown][] | null;
    try {
      results = await multi.exec();
    } catch (error) {
      this.logger.warn(`rate limiter unavailable, letting ${action} through: ${String(error)}`);
      return;
    }
    keys.forEach((key, i) => {
      const count = Number(results?.[i * 3]?.[1] ?? 0);
      const ttl = Number(results?.[i * 3 + 2]?.[1] ?? WINDOW_MS);
      if (count > key.limit) {
        throw new DomainException(
          ErrorCode.RateLimited,
          'Too many attempts. Please wait a moment and try again.',
          {
            retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
          },
        );
      }
    });
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainException, ErrorCode } from '@parley/contracts';
import { REDIS } from '@parley/server-kit';
import type { Redis } from 'ioredis';
import { GatewayConfig } from '../config/gateway.config';

const WINDOW_MS = 60_000;

/** `login`: sign-in; `mail`: routes that send mail; `ip`: the IP alone; the rest: per signed-in owner. */
export type RateLimitKind = 'login' | 'mail' | 'ip' | OwnerLimitKind;

/**
 * Routes limited per signed-in owner, so one owner's flood of work that others wait for (the simulator's
 * replies, files to read, the agent) ends at their own limit, wherever it comes from: each kind's limit
 * and what a person over it is told. Uploads count per IP too, as before.
 */
const OWNER_LIMITS = {
  simulate: {
    setting: 'RATE_LIMIT_SIMULATE_PER_MINUTE',
    message: 'Too many simulated messages in a minute. Please wait a moment and try again.',
  },
  upload: {
    setting: 'RATE_LIMIT_UPLOADS_PER_MINUTE',
    message: 'Too many uploads in a minute. Please wait a moment and try again.',
  },
  'test-chat': {
    setting: 'RATE_LIMIT_TEST_CHAT_PER_MINUTE',
    message: 'Too many test messages in a minute. Please wait a moment and try again.',
  },
} as const satisfies Record<string, { setting: keyof GatewayConfig; message: string }>;

export type OwnerLimitKind = keyof typeof OWNER_LIMITS;

const ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a moment and try again.';

export interface LimitKey {
  /** What is counted, e.g. `ip:1.2.3.4`, `address:a@b.c` or `owner:<id>`. */
  subject: string;
  limit: number;
  /** What a person over this limit is told. */
  message: string;
}

/** Who asks: the client's IP, the body's address (sign-in and mail routes), the signed-in owner. */
export interface Asker {
  ip: string;
  email?: string;
  ownerId?: string;
}

/**
 * Fixed one-minute windows in Redis, so limits hold across gateway replicas and a flood ends with its
 * window. Over the limit: 429 with Retry-After. If Redis is down the request goes through (logged):
 * sign-in must not depend on the limiter, nor an owner's work on it.
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
   * Owner routes: per signed-in owner (so owners behind one IP do not share a limit), and uploads per IP
   * too.
   */
  keysFor(kind: RateLimitKind, { ip, email, ownerId }: Asker): LimitKey[] {
    const byIp = {
      subject: `ip:${ip}`,
      limit: this.config.RATE_LIMIT_IP_PER_MINUTE,
      message: ATTEMPTS_MESSAGE,
    };
    switch (kind) {
      case 'simulate':
      case 'upload':
      case 'test-chat': {
        const { setting, message } = OWNER_LIMITS[kind];
        const keys: LimitKey[] = kind === 'upload' ? [{ ...byIp, message }] : [];
        // The session guard runs first, so there is an owner; without one nothing is counted per owner.
        if (ownerId !== undefined)
          keys.push({ subject: `owner:${ownerId}`, limit: this.config[setting], message });
        return keys;
      }
      case 'ip':
        return [byIp];
      case 'login':
      case 'mail': {
        if (email === undefined) return [byIp];
        const subject = kind === 'login' ? `address-ip:${email}:${ip}` : `address:${email}`;
        return [
          byIp,
          { subject, limit: this.config.RATE_LIMIT_ADDRESS_PER_MINUTE, message: ATTEMPTS_MESSAGE },
        ];
      }
    }
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
        throw new DomainException(ErrorCode.RateLimited, key.message, {
          retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
        });
      }
    });
  }
}

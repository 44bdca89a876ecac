import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** How long uploaded bytes wait for the service that reads them. */
export const UPLOAD_TTL_SECONDS = 15 * 60;

/** What `put` hands out: 144 random bits, base64url. Anything else is never looked up. */
const UPLOAD_KEY = /^[A-Za-z0-9_-]{24}$/;

/**
 * An uploaded file on its way from the gateway to the service that reads it: NATS carries at most a
 * megabyte a message, so the gateway puts the checked bytes in Redis under a random key and sends the
 * key. The bytes belong to one owner (the key is looked up under that owner only), are taken once, and
 * expire after UPLOAD_TTL_SECONDS if nobody takes them.
 */
export class UploadStore {
  constructor(
    private readonly redis: Redis,
    /** The stack's REDIS_PREFIX, so stacks (and test files) sharing a Redis never see each other's. */
    private readonly prefix: string,
    private readonly ttlSeconds = UPLOAD_TTL_SECONDS,
  ) {}

  /** Stores the bytes and answers the key to send to the service. */
  async put(ownerId: string, bytes: Buffer): Promise<string> {
    const key = randomBytes(18).toString('base64url');
    await this.redis.set(this.redisKey(ownerId, key), bytes, 'EX', this.ttlSeconds);
    return key;
  }

  /** The bytes, once; null when the key is unknown, expired, already taken or another owner's. */
  async take(ownerId: string, key: string): Promise<Buffer | null> {
    if (!UPLOAD_KEY.test(key)) return null;
    return this.redis.getdelBuffer(this.redisKey(ownerId, key));
  }

  private redisKey(ownerId: string, key: string): string {
    return `${this.prefix}:uploads:${ownerId}:${key}`;
  }
}

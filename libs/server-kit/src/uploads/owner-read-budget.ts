import type { Redis } from 'ioredis';

const GIB = 1024 * 1024 * 1024;

/** What an owner may have read in one window: dozens of real files; about four files stopped at the memory limit. */
export const OWNER_READ_BYTES_PER_WINDOW = 2 * GIB;
export const OWNER_READ_WINDOW_SECONDS = 3600;

/**
 * Takes `bytes` from the window's count unless that would pass the budget; answers the count, or -1.
 * KEYS[1] the window's key; ARGV bytes, budget, ttl.
 */
const RESERVE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return -1 end
local now = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return now`;

/** A read's hold on its owner's budget, given back down to what the read really cost. */
export interface ReadReservation {
  settle(costBytes: number): Promise<void>;
}

/**
 * How many bytes each owner's uploads may make the services read (unpack, or grow a reading process by)
 * per window, shared by every replica through Redis: a read reserves the most it may cost before it
 * starts, so an owner's reads in flight together stay within the budget too, and settles at its real
 * cost when it ends. A file stopped for its size keeps its whole reservation: an owner sending bombs is
 * cut off after a few, while other owners' reads go on. Fixed windows: an owner may read up to twice the
 * budget across a window's edge.
 */
export class OwnerReadBudget {
  constructor(
    private readonly redis: Redis,
    /** The stack's REDIS_PREFIX, so stacks (and test files) sharing a Redis never see each other's. */
    private readonly prefix: string,
    private readonly bytesPerWindow = OWNER_READ_BYTES_PER_WINDOW,
    private readonly windowSeconds = OWNER_READ_WINDOW_SECONDS,
  ) {}

  /** A reservation of `bytes`, or undefined when the owner's window has no room for them. */
  async reserve(ownerId: string, bytes: number): Promise<ReadReservation | undefined> {
    const window = Math.floor(Date.now() / 1000 / this.windowSeconds);
    const key = `${this.prefix}:read-budget:${ownerId}:${window}`;
    const taken = (await this.redis.eval(
      RESERVE,
      1,
      key,
      bytes,
      this.bytesPerWindow,
      this.windowSeconds * 2,
    )) as number;
    if (taken < 0) return undefined;
    return {
      settle: async (costBytes: number) => {
        const refund = bytes - Math.min(Math.max(costBytes, 0), bytes);
        if (refund > 0) await this.redis.decrby(key, refund);
      },
    };
  }
}

import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createRedis } from '../redis';
import { createTestInfra, type TestInfra } from '../testing/test-infra';
import { OwnerReadBudget } from './owner-read-budget';

const MB = 1024 * 1024;

describe('OwnerReadBudget (real Redis)', () => {
  let infra: TestInfra;
  let redis: Redis;
  let budget: OwnerReadBudget;

  beforeAll(async () => {
    infra = await createTestInfra();
    redis = createRedis(infra.env.REDIS_URL);
    budget = new OwnerReadBudget(redis, infra.env.REDIS_PREFIX, 1024 * MB, 3600);
  }, 60_000);

  afterAll(async () => {
    redis?.disconnect();
    await infra?.cleanup();
  });

  it('lets an owner reserve up to the budget, in flight together, and no further', async () => {
    const owner = randomUUID();
    const first = await budget.reserve(owner, 512 * MB);
    const second = await budget.reserve(owner, 512 * MB);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(await budget.reserve(owner, 1)).toBeUndefined();
    // Another owner's window is their own.
    expect(await budget.reserve(randomUUID(), 512 * MB)).toBeDefined();
  });

  it('gives back what a read did not use, and keeps all of a read stopped for its size', async () => {
    const owner = randomUUID();
    const small = await budget.reserve(owner, 512 * MB);
    await small?.settle(2 * MB);
    const bomb = await budget.reserve(owner, 512 * MB);
    await bomb?.settle(512 * MB);
    // 2 MB + 512 MB used: room for 510 MB more, not 511.
    expect(await budget.reserve(owner, 511 * MB)).toBeUndefined();
    expect(await budget.reserve(owner, 510 * MB)).toBeDefined();
  });
});

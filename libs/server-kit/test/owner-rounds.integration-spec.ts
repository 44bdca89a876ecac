import Bull, { type Job, type Queue } from 'bull';
import { OwnerRounds } from '../src';
import { createTestInfra, type TestInfra } from '../src/testing';

interface Work {
  owner: string;
  n: number;
}

describe('OwnerRounds on a real Bull queue', () => {
  let infra: TestInfra;
  const queues: Queue<Work>[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
  });

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    await infra?.cleanup();
  });

  /** A fresh queue with its rounds, one worker whose jobs take `ms`, and the jobs in the order they started. */
  const fairQueue = (name: string, ms: number) => {
    const queue = new Bull<Work>(name, infra.env.REDIS_URL, { prefix: `${infra.env.REDIS_PREFIX}:bull` });
    queues.push(queue);
    const rounds = new OwnerRounds(queue);
    const started: string[] = [];
    const add = async (owner: string, n: number) =>
      queue.add({ owner, n }, { priority: await rounds.priorityFor(owner), removeOnComplete: true });
    const work = () =>
      void queue.process(1, async (job: Job<Work>) => {
        started.push(`${job.data.owner}${job.data.n}`);
        await new Promise((done) => setTimeout(done, ms));
      });
    const startedAll = async (total: number) => {
      while (started.length < total) await new Promise((done) => setTimeout(done, 5));
      return started;
    };
    return { queue, add, work, started, startedAll };
  };

  it('takes the owners in turn, each owner’s jobs in the order they came', async () => {
    const queue = fairQueue('turns', 1);
    for (let n = 1; n <= 6; n++) await queue.add('a', n);
    await queue.add('b', 1);
    await queue.add('b', 2);
    await queue.add('c', 1);
    queue.work();
    expect(await queue.startedAll(9)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('puts a newcomer next after a busy owner’s running job, not behind their backlog', async () => {
    const queue = fairQueue('newcomer', 20);
    queue.work();
    for (let n = 1; n <= 20; n++) await queue.add('d', n);
    const startedBefore = queue.started.length;
    expect(startedBefore).toBeLessThan(15); // d's backlog is still there
    await queue.add('e', 1);
    const order = await queue.startedAll(21);
    // e's job starts once the job running when it came ends (or the one after, if d's next was being taken).
    expect(order.indexOf('e1')).toBeLessThanOrEqual(startedBefore + 1);
    expect(order.filter((job) => job.startsWith('d'))).toEqual(
      Array.from({ length: 20 }, (_, i) => `d${i + 1}`),
    );
  });

  it('forgets a drained backlog: an owner whose flood is done takes turns again at once', async () => {
    const { queue, add, work, startedAll } = fairQueue('drained', 1);
    work();
    for (let n = 1; n <= 10; n++) await add('f', n);
    await startedAll(10);
    await queue.pause(true);
    await add('f', 11);
    for (let n = 1; n <= 3; n++) await add('g', n);
    await queue.resume(true);
    expect((await startedAll(14)).slice(10)).toEqual(['g1', 'f11', 'g2', 'g3']);
  });
});

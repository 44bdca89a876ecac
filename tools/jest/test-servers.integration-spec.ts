import { unusedPort } from '../lib/unused-port';
import { ensureTestServers } from './test-servers.mjs';

const realServers = {
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** testcontainers as it behaves without a container engine (as on these machines), or with one. */
function fakeTestcontainers(engine: 'none' | 'up', started: string[]) {
  return async () =>
    ({
      getContainerRuntimeClient: async () => {
        if (engine === 'none') throw new Error('Could not find a working container runtime strategy');
        return {};
      },
      Wait: { forLogMessage: () => ({}) },
      GenericContainer: class {
        constructor(private readonly image: string) {}
        withExposedPorts() {
          return this;
        }
        withEnvironment() {
          return this;
        }
        withWaitStrategy() {
          return this;
        }
        withCommand() {
          return this;
        }
        async start() {
          started.push(this.image);
          return { getHost: () => '127.0.0.1', getMappedPort: () => 16379, stop: async () => undefined };
        }
      },
    }) as never;
}

it('uses the servers that answer and starts nothing', async () => {
  const env: NodeJS.ProcessEnv = { ...realServers };
  const started: string[] = [];
  const stop = await ensureTestServers(env, { loadTestcontainers: fakeTestcontainers('up', started) });
  await stop();
  expect(started).toEqual([]);
  expect(env).toEqual(realServers);
});

it('starts a container for a server that does not answer when an engine is available, and points the env at it', async () => {
  const env: NodeJS.ProcessEnv = { ...realServers, REDIS_URL: `redis://127.0.0.1:${await unusedPort()}` };
  const started: string[] = [];
  await ensureTestServers(env, { loadTestcontainers: fakeTestcontainers('up', started) });
  expect(started).toEqual(['redis:7-alpine']);
  expect(env.REDIS_URL).toBe('redis://127.0.0.1:16379');
  expect(env.DATABASE_URL).toBe(realServers.DATABASE_URL);
});

it('stops at once without an engine, naming the missing server and how to start it', async () => {
  const port = await unusedPort();
  const env: NodeJS.ProcessEnv = { ...realServers, NATS_URL: `nats://127.0.0.1:${port}` };
  const started = Date.now();
  await expect(
    ensureTestServers(env, { loadTestcontainers: fakeTestcontainers('none', []) }),
  ).rejects.toThrow(
    new RegExp(
      `NATS is not reachable at nats://127\\.0\\.0\\.1:${port}[\\s\\S]*no container engine is available to start them \\(Could not find a working container runtime strategy\\)[\\s\\S]*docker compose -f docker/compose\\.infra\\.yml up -d --wait`,
    ),
  );
  expect(Date.now() - started).toBeLessThan(5000);
});

it('knows what the real testcontainers says on a machine without an engine', async () => {
  const port = await unusedPort();
  const env: NodeJS.ProcessEnv = {
    ...realServers,
    REDIS_URL: `redis://127.0.0.1:${port}`,
    DOCKER_HOST: 'unix:///nonexistent.sock',
  };
  await expect(ensureTestServers(env)).rejects.toThrow(
    /Redis is not reachable[\s\S]*no container engine is available/,
  );
});

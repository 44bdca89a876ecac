// PostgreSQL, NATS and Redis for the test run (Jest's globalSetup). Integration tests use the servers
// at DATABASE_URL, NATS_URL and REDIS_URL (the standard local ports by default) when they answer; those
// that do not are started with testcontainers when a container engine is available; otherwise the run
// stops at once, naming what is missing. Each test file still gets its own database and prefixes
// (libs/server-kit/src/testing/test-infra.ts).
import { unreachable } from '../start/infra.mjs';

const DEFAULTS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

/** What each missing server runs as in a container, and the URL it is then reached at. */
const CONTAINERS = {
  postgres: {
    image: 'postgres:16-alpine',
    port: 5432,
    env: { POSTGRES_HOST_AUTH_METHOD: 'trust' },
    ready: 'database system is ready to accept connections',
    readyTimes: 2,
    url: (host, port) => `postgres://postgres@${host}:${port}/postgres`,
  },
  nats: {
    image: 'nats:2.10-alpine',
    port: 4222,
    command: ['-js'],
    ready: 'Server is ready',
    readyTimes: 1,
    url: (host, port) => `nats://${host}:${port}`,
  },
  redis: {
    image: 'redis:7-alpine',
    port: 6379,
    command: ['redis-server', '--maxmemory-policy', 'noeviction', '--save', ''],
    ready: 'Ready to accept connections',
    readyTimes: 1,
    url: (host, port) => `redis://${host}:${port}`,
  },
};

/**
 * Makes `env` name servers that answer: the given ones, or containers for those that do not. Returns a
 * function that stops the containers it started. `loadTestcontainers` is replaceable for tests.
 */
export async function ensureTestServers(env, { loadTestcontainers = () => import('testcontainers') } = {}) {
  for (const [variable, url] of Object.entries(DEFAULTS)) env[variable] ??= url;
  const down = await unreachable(env);
  if (down.length === 0) return () => Promise.resolve();

  const testcontainers = await loadTestcontainers();
  const engine = await containerEngine(testcontainers);
  if (engine.error) {
    throw new Error(
      [
        ...down.map((d) => `✗ ${d.problem}`),
        '',
        `The integration tests need PostgreSQL, NATS (JetStream) and Redis, and no container engine is available to start them (${engine.error}).`,
        'Start them (docker compose -f docker/compose.infra.yml up -d --wait, or your own servers) or point DATABASE_URL, NATS_URL and REDIS_URL at running ones.',
      ].join('\n'),
    );
  }
  const started = [];
  for (const d of down) {
    const spec = CONTAINERS[d.service];
    let container = new testcontainers.GenericContainer(spec.image)
      .withExposedPorts(spec.port)
      .withEnvironment(spec.env ?? {})
      .withWaitStrategy(testcontainers.Wait.forLogMessage(spec.ready, spec.readyTimes));
    if (spec.command) container = container.withCommand(spec.command);
    const running = await container.start();
    started.push(running);
    env[d.variable] = spec.url(running.getHost(), running.getMappedPort(spec.port));
    console.log(`${d.name} did not answer: started ${spec.image} for the tests at ${env[d.variable]}`);
  }
  return async () => {
    for (const running of started) await running.stop();
  };
}

async function containerEngine(testcontainers) {
  try {
    await testcontainers.getContainerRuntimeClient();
    return {};
  } catch (error) {
    return { error: error.message.split('\n')[0] };
  }
}

/**
 * `npm start`'s infrastructure step against the machine's real PostgreSQL, NATS and Redis. A server
 * that does not answer is simulated by pointing its URL at a port nobody listens on (the real ones are
 * never stopped), and Docker by a stand-in `docker` script, alone on the PATH, that records how it is
 * called.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { unusedPort } from '../lib/unused-port';
import { ensureInfrastructure } from './infra.mjs';

const ROOT = path.resolve(__dirname, '../..');
const REAL_URLS = {
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/parley',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const COMPOSE_UP = 'compose -p parley -f docker/compose.infra.yml up -d --wait';

let bin: string;
let dockerLog: string;
let logged: string[];

beforeEach(() => {
  bin = mkdtempSync(path.join(os.tmpdir(), 'parley-start-'));
  dockerLog = path.join(bin, 'docker.log');
  logged = [];
});
afterEach(() => rmSync(bin, { recursive: true, force: true }));

/** A `docker` that writes "<working directory>: <arguments>" to docker.log; `docker info` fails when the daemon is down. */
function standInDocker({ daemon }: { daemon: 'up' | 'down' }): void {
  const file = path.join(bin, 'docker');
  writeFileSync(
    file,
    [
      '#!/bin/sh',
      `echo "$(pwd): $*" >> '${dockerLog}'`,
      daemon === 'down'
        ? 'if [ "$1" = info ]; then echo "Cannot connect to the Docker daemon at unix:///var/run/docker.sock." >&2; exit 1; fi'
        : '',
      'exit 0',
      '',
    ].join('\n'),
  );
  chmodSync(file, 0o755);
}

/** What the stand-in `docker` was called with, one call a line; [] when it never was. */
function dockerCalls(): string[] {
  return existsSync(dockerLog) ? readFileSync(dockerLog, 'utf8').trim().split('\n') : [];
}

function ensure(urls: Partial<typeof REAL_URLS>): Promise<void> {
  return ensureInfrastructure({
    env: { ...REAL_URLS, ...urls, PATH: bin },
    cwd: ROOT,
    log: (line) => logged.push(line),
  });
}

it('goes on without calling docker when PostgreSQL, NATS and Redis answer', async () => {
  standInDocker({ daemon: 'up' });
  await ensure({});
  expect(dockerCalls()).toEqual([]);
  expect(logged).toEqual([]);
});

it.each([
  [
    'DATABASE_URL',
    'not-a-url',
    'DATABASE_URL is not a valid URL: expected postgres://host:port…, got "not-a-url"',
  ],
  [
    'NATS_URL',
    'http://127.0.0.1:4222',
    'NATS_URL is not a valid URL: expected nats://host:port…, got "http://127.0.0.1:4222"',
  ],
  [
    'REDIS_URL',
    'redis//nowhere',
    'REDIS_URL is not a valid URL: expected redis://host:port…, got "redis//nowhere"',
  ],
])('names %s when it is not a valid URL, before dialling anything', async (variable, value, message) => {
  standInDocker({ daemon: 'up' });
  await expect(ensure({ [variable]: value })).rejects.toThrow(message);
  expect(dockerCalls()).toEqual([]);
});

describe('when Redis does not answer and Docker does', () => {
  let redis: net.Server | undefined;
  afterEach(() => redis?.close());

  it('starts it with docker compose in the repository, then checks again and goes on', async () => {
    standInDocker({ daemon: 'up' });
    // A Redis that answers PING only once `docker compose … up` has run, as a started container would.
    let pingsAfterCompose = 0;
    redis = net.createServer((socket) => {
      if (!dockerCalls().some((call) => call.includes(COMPOSE_UP))) {
        socket.destroy();
        return;
      }
      socket.on('data', () => {
        pingsAfterCompose++;
        socket.end('+PONG\r\n');
      });
    });
    await new Promise<void>((resolve) => redis?.listen(0, '127.0.0.1', resolve));
    const { port } = redis.address() as AddressInfo;

    await ensure({ REDIS_URL: `redis://127.0.0.1:${port}` });

    expect(dockerCalls()).toEqual([
      `${ROOT}: info --format {{.ServerVersion}}`,
      `${ROOT}: compose version`,
      `${ROOT}: ${COMPOSE_UP} redis`,
    ]);
    expect(pingsAfterCompose).toBe(1);
    expect(logged).toEqual([
      expect.stringMatching(new RegExp(`^✗ Redis is not reachable at redis://127\\.0\\.0\\.1:${port} `)),
      `starting Redis from docker/compose.infra.yml: docker ${COMPOSE_UP} redis`,
      'Redis started',
    ]);
  });

  it('stops, naming the server, when it still does not answer after docker compose', async () => {
    standInDocker({ daemon: 'up' });
    const port = await unusedPort();

    const started = ensure({ REDIS_URL: `redis://127.0.0.1:${port}` });

    await expect(started).rejects.toThrow(`✗ Redis is not reachable at redis://127.0.0.1:${port}`);
    await expect(started).rejects.toThrow(`Still not reachable after \`docker ${COMPOSE_UP} redis\``);
    expect(dockerCalls()).toContain(`${ROOT}: ${COMPOSE_UP} redis`);
  });
});

describe('when a server does not answer and there is no container engine', () => {
  it('stops, naming the missing server, that docker is not on the PATH and the command to run', async () => {
    const port = await unusedPort();

    const started = ensure({ REDIS_URL: `redis://127.0.0.1:${port}` });

    await expect(started).rejects.toThrow(`✗ Redis is not reachable at redis://127.0.0.1:${port}`);
    await expect(started).rejects.toThrow('`docker` is not on the PATH');
    await expect(started).rejects.toThrow(`Start Redis, or with Docker run:\n  docker ${COMPOSE_UP} redis`);
    expect(logged).toEqual([]);
  });

  it('stops without running compose when the Docker daemon does not answer', async () => {
    standInDocker({ daemon: 'down' });
    const [natsPort, redisPort] = [await unusedPort(), await unusedPort()];

    const started = ensure({
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    });

    await expect(started).rejects.toThrow(`✗ NATS is not reachable at nats://127.0.0.1:${natsPort}`);
    await expect(started).rejects.toThrow(`✗ Redis is not reachable at redis://127.0.0.1:${redisPort}`);
    await expect(started).rejects.toThrow(
      'Docker is installed but its daemon does not answer (`docker info`: Cannot connect to the Docker daemon',
    );
    await expect(started).rejects.toThrow(`docker ${COMPOSE_UP} nats redis`);
    expect(dockerCalls()).toEqual([`${ROOT}: info --format {{.ServerVersion}}`]);
  });
});

it('does not try Docker for a server on another machine', async () => {
  standInDocker({ daemon: 'up' });
  const started = ensure({ REDIS_URL: 'redis://192.0.2.1:6379' });
  await expect(started).rejects.toThrow('✗ Redis is not reachable at redis://192.0.2.1:6379');
  await expect(started).rejects.toThrow('Docker Compose starts local ones only');
  expect(dockerCalls()).toEqual([]);
});

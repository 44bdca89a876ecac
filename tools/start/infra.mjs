// PostgreSQL, NATS and Redis for `npm start`: checks that each answers at its URL; when some do not
// and Docker answers, starts them from docker/compose.infra.yml and checks again. Everything comes
// from `env` (DATABASE_URL, NATS_URL, REDIS_URL and the PATH that finds `docker`), so a test can
// point a URL at an unused port and put a stand-in `docker` on the PATH.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';

/** The project compose.infra.yml names itself (compose.yml includes it), so both share containers and volumes. */
const COMPOSE_PROJECT = 'parley';
const COMPOSE_FILE = 'docker/compose.infra.yml';

/** Each dependency: its name for people, its service in compose.infra.yml, and how to ask it. */
const DEPENDENCIES = [
  {
    name: 'PostgreSQL',
    service: 'postgres',
    variable: 'DATABASE_URL',
    schemes: ['postgres:', 'postgresql:'],
    check: (url) => pgPing(adminUrl(url)),
  },
  {
    name: 'NATS',
    service: 'nats',
    variable: 'NATS_URL',
    schemes: ['nats:', 'tls:'],
    check: (url) => {
      const first = new URL(url.split(',')[0]);
      return tcpHello(first.hostname, Number(first.port || 4222), null, /^INFO /);
    },
  },
  {
    name: 'Redis',
    service: 'redis',
    variable: 'REDIS_URL',
    schemes: ['redis:', 'rediss:'],
    check: (url) => {
      const redis = new URL(url);
      return tcpHello(redis.hostname, Number(redis.port || 6379), 'PING\r\n', /^(\+PONG|-NOAUTH)/);
    },
  },
];

/** `docker compose -p parley -f docker/compose.infra.yml up -d --wait <services>`, as arguments. */
function composeUpArgs(services) {
  return ['compose', '-p', COMPOSE_PROJECT, '-f', COMPOSE_FILE, 'up', '-d', '--wait', ...services];
}

/**
 * Resolves once PostgreSQL, NATS and Redis all answer at the URLs in `env`. Those that do not are
 * started with Docker Compose (in `cwd`, the repository) when Docker answers; otherwise, or when they
 * still do not answer, it throws an Error whose message names what is missing and the command that
 * starts it.
 */
export async function ensureInfrastructure({ env, cwd, log = console.log }) {
  const invalid = invalidUrls(env);
  if (invalid.length > 0) throw new Error(invalid.join('\n'));
  const down = await unreachable(env);
  if (down.length === 0) return;

  const args = composeUpArgs(down.map((d) => d.service));
  const command = `docker ${args.join(' ')}`;
  if (!down.every((d) => isLocal(d.url))) {
    throw new Error(
      [
        ...problems(down),
        '',
        'Parley needs PostgreSQL, NATS (with JetStream) and Redis.',
        'Start them at the addresses in DATABASE_URL, NATS_URL and REDIS_URL (Docker Compose starts local ones only).',
      ].join('\n'),
    );
  }
  const noDocker = whyNoDocker(env, cwd);
  if (noDocker) {
    throw new Error(
      [
        ...problems(down),
        '',
        'Parley needs PostgreSQL, NATS (with JetStream) and Redis.',
        `No container engine can start ${names(down)} here: ${noDocker}.`,
        `Start ${names(down)}, or with Docker run:`,
        `  ${command}`,
      ].join('\n'),
    );
  }

  for (const line of problems(down)) log(line);
  log(`starting ${names(down)} from ${COMPOSE_FILE}: ${command}`);
  const started = spawnSync('docker', args, { cwd, env, stdio: 'inherit' });
  if (started.status !== 0) {
    throw new Error(`\`${command}\` failed (${started.error?.message ?? `exit code ${started.status}`}).`);
  }

  const stillDown = await unreachable(env);
  if (stillDown.length > 0) {
    throw new Error(
      [
        ...problems(stillDown),
        '',
        `Still not reachable after \`${command}\`. compose.infra.yml publishes the standard ports on ` +
          '127.0.0.1 (PostgreSQL 5432, NATS 4222, Redis 6379).',
      ].join('\n'),
    );
  }
  log(`${names(down)} started`);
}

/** A sentence for each URL variable that is not a URL of its kind (checked before anything is dialled). */
function invalidUrls(env) {
  return DEPENDENCIES.flatMap(({ variable, schemes }) => {
    const urls = String(env[variable] ?? '').split(',');
    const valid = urls.every((url) => URL.canParse(url) && schemes.includes(new URL(url).protocol));
    return valid
      ? []
      : [
          `${variable} is not a valid URL: expected ${schemes[0]}//host:port…, got "${redact(env[variable] ?? '')}"`,
        ];
  });
}

/** The dependencies that do not answer, each with its name, URL variable, compose service and the problem. */
export async function unreachable(env) {
  const results = await Promise.all(
    DEPENDENCIES.map(async ({ name, service, variable, check }) => {
      const url = env[variable];
      try {
        await withTimeout(3000, check(url));
        return null;
      } catch (error) {
        return {
          name,
          service,
          variable,
          url,
          problem: `${name} is not reachable at ${redact(url)} (${error.message})`,
        };
      }
    }),
  );
  return results.filter(Boolean);
}

/** Why `docker compose` cannot run here, or null when Docker and its compose plugin answer. */
function whyNoDocker(env, cwd) {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (info.error?.code === 'ENOENT') return '`docker` is not on the PATH';
  if (info.status !== 0) {
    const reason = (info.stderr || info.error?.message || '').trim().split('\n')[0];
    return `Docker is installed but its daemon does not answer (\`docker info\`: ${reason})`;
  }
  const compose = spawnSync('docker', ['compose', 'version'], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (compose.status !== 0) return 'Docker has no compose plugin (`docker compose version` failed)';
  return null;
}

function problems(down) {
  return down.map((d) => `✗ ${d.problem}`);
}

function names(dependencies) {
  const list = dependencies.map((d) => d.name);
  return list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

function isLocal(url) {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url.split(',')[0]).hostname);
}

async function pgPing(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  await client.end();
}

function tcpHello(host, port, send, expect) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(3000, () => socket.destroy(new Error('timed out')));
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed without answering')));
    socket.once('connect', () => send && socket.write(send));
    socket.once('data', (data) => {
      socket.end();
      if (expect.test(data.toString())) resolve();
      else reject(new Error(`unexpected answer: ${data.toString().slice(0, 40)}`));
    });
  });
}

/** The same server's `postgres` database, which exists before Parley's own does. */
export function adminUrl(url) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

function redact(url) {
  return url.replace(/\/\/[^@/]*@/, '//');
}

function withTimeout(ms, promise) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

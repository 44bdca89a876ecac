import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { ServiceName } from '@parley/contracts';
import { until } from '@parley/server-kit/testing';
import { freePort } from './start-stack';

const ROOT = path.join(__dirname, '..');

/**
 * An app (the gateway or a service) as a process of its own, as deployed: for a test that must crash one
 * for real (`crash()` is SIGKILL: no shutdown hook runs, its jobs stay locked in Redis, its requests go
 * unanswered), or whose apps must not share one event loop.
 */
export interface AppProcess {
  app: ServiceName | 'gateway';
  /** What it printed, stdout and stderr, one entry per line (JSON log lines, if all is well). */
  lines: string[];
  crash(): Promise<void>;
  /** SIGTERM (a graceful stop), SIGKILL if it is still there after 15 s. */
  stop(): Promise<void>;
}

/**
 * Starts `apps/<app>/src/main.ts` through @swc-node/register (as `npm run fake:meta` does), so the test
 * needs no build, with `env` on top of this process's environment, and resolves once it is ready: a
 * service's probe server answers /readyz with 200 (on a port chosen here), the gateway its /api/health/ready
 * (on env.PORT). A process that exits first, or is not ready within `readyMs`, fails the start with the last
 * lines it printed.
 */
export async function startAppProcess(
  app: ServiceName | 'gateway',
  env: Record<string, string>,
  readyMs = 180_000,
): Promise<AppProcess> {
  const healthPort = app === 'gateway' ? undefined : await freePort();
  const readyUrl =
    app === 'gateway'
      ? `http://127.0.0.1:${env.PORT}/api/health/ready`
      : `http://127.0.0.1:${healthPort}/readyz`;
  const child = spawn(process.execPath, ['-r', '@swc-node/register', `apps/${app}/src/main.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      ...(healthPort ? { HEALTH_PORT: String(healthPort) } : {}),
      SWC_NODE_PROJECT: 'tsconfig.json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on('line', (line) => lines.push(line));
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const kill = async (signal: NodeJS.Signals) => {
    if (ended()) return;
    child.kill(signal);
    await exit;
  };

  try {
    await until(
      `${app} (pid ${child.pid}) to be ready`,
      async () => {
        if (ended())
          throw new Error(`${app} exited (${child.signalCode ?? child.exitCode}) before it was ready`);
        return (await answers200(readyUrl)) || undefined;
      },
      readyMs,
    );
  } catch (error) {
    await kill('SIGKILL');
    throw new Error(`${(error as Error).message}; its last lines:\n${lines.slice(-20).join('\n')}`);
  }
  return {
    app,
    lines,
    crash: () => kill('SIGKILL'),
    async stop() {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await kill('SIGTERM');
      clearTimeout(timer);
    },
  };
}

async function answers200(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false; // not listening yet
  }
}

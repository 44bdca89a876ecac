import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * A real node process with logUncaughtErrors installed throws from a timer and leaves a promise
 * rejected, then says it is still there and leaves on its own: it must get that far, with both errors
 * logged as JSON lines.
 */
describe('logUncaughtErrors', () => {
  it('logs an uncaught exception and an unhandled rejection as JSON and keeps the process running', () => {
    const src = path.join(__dirname, '../src');
    const script = `
      const { logUncaughtErrors } = require(${JSON.stringify(path.join(src, 'bootstrap/process-guards.ts'))});
      const { JsonLogger } = require(${JSON.stringify(path.join(src, 'logging/json-logger.ts'))});
      logUncaughtErrors(new JsonLogger('test-service'));
      setTimeout(() => { throw new Error('thrown from a timer'); }, 10);
      setTimeout(() => { Promise.reject(new Error('rejected, never caught')); }, 20);
      setTimeout(() => { process.stdout.write('still running\\n'); process.exitCode = 0; }, 200);
    `;
    const run = spawnSync(process.execPath, ['-r', '@swc-node/register', '-e', script], {
      encoding: 'utf8',
      cwd: path.join(__dirname, '../../..'),
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[lines.length - 1]).toBe('still running');
    const logged = lines.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'error',
        service: 'test-service',
        context: 'Process',
        msg: 'uncaughtException: thrown from a timer',
        err: expect.objectContaining({ stack: expect.stringContaining('thrown from a timer') }),
      }),
      expect.objectContaining({
        level: 'error',
        context: 'Process',
        msg: 'unhandledRejection: rejected, never caught',
      }),
    ]);
  });
});

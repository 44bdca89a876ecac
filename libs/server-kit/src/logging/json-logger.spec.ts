import { JsonLogger } from './json-logger';
import { requestContext } from './request-context';

describe('JsonLogger', () => {
  function capture(level: 'debug' | 'info' | 'warn' | 'error' = 'info') {
    const lines: Record<string, unknown>[] = [];
    const logger = new JsonLogger('auth-service', level, (line) => lines.push(JSON.parse(line)));
    return { logger, lines };
  }

  it('writes one JSON object per line with the service, context and request id', () => {
    const { logger, lines } = capture();
    requestContext.run({ requestId: 'r-1' }, () => logger.log('signed in', 'Auth'));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        service: 'auth-service',
        context: 'Auth',
        requestId: 'r-1',
        msg: 'signed in',
      }),
    ]);
  });

  it('drops lines below the configured level', () => {
    const { logger, lines } = capture('warn');
    logger.log('quiet');
    logger.debug('quieter');
    logger.warn('loud');
    expect(lines.map((l) => l.msg)).toEqual(['loud']);
  });

  it('keeps the stack of an error', () => {
    const { logger, lines } = capture();
    logger.error(new Error('boom'), 'Worker');
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'boom', context: 'Worker' });
    expect((lines[0].err as { stack: string }).stack).toContain('boom');
  });
});

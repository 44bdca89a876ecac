import type { LoggerService } from '@nestjs/common';
import type { LogLevel } from '../config/base.config';
import { currentRequestId } from './request-context';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** One JSON object per line on stdout: time, level, service, requestId (when inside a call), context, msg. */
export class JsonLogger implements LoggerService {
  private readonly min: number;

  constructor(
    private readonly service: string,
    level: LogLevel = 'info',
    private readonly write: (line: string) => void = (line) => process.stdout.write(line),
  ) {
    this.min = RANK[level];
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }

  private emit(level: LogLevel, message: unknown, rest: unknown[]): void {
    if (RANK[level] < this.min) return;
    // Nest passes the context as the last string argument; an Error or a stack may come before it.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const entry: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      service: this.service,
      requestId: currentRequestId(),
      context,
    };
    if (message instanceof Error) {
      entry.msg = message.message;
      entry.err = { name: message.name, stack: message.stack };
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(entry, message);
    } else {
      entry.msg = String(message);
    }
    const detail = rest.find((item) => typeof item === 'string' || item instanceof Error);
    if (detail !== undefined) entry.stack = detail instanceof Error ? detail.stack : detail;
    this.write(JSON.stringify(entry) + '\n');
  }
}

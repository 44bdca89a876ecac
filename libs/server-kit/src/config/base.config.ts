import 'reflect-metadata';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Variables every Parley process reads. Defaults suit a developer machine with the standard ports. */
export class BaseConfig {
  /** development | production | test. production turns off every development convenience. */
  @IsIn(NODE_ENVS)
  NODE_ENV: (typeof NODE_ENVS)[number] = 'development';

  /** PostgreSQL connection string; each service migrates its own schema in this database. */
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// connection string' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/parley';

  /** NATS server(s), comma-separated. */
  @Matches(/^(nats|tls):\/\/[^,]+(,(nats|tls):\/\/[^,]+)*$/, {
    message: 'NATS_URL must be nats://host:port (comma-separated for a cluster)',
  })
  NATS_URL = 'nats://127.0.0.1:4222';

  /** Prefix put in front of every NATS subject, so two stacks can share one NATS (tests use it). */
  @Matches(/^([A-Za-z0-9_-]+\.)?$/, {
    message: 'NATS_PREFIX must be empty or letters/digits/_/- ending with "."',
  })
  NATS_PREFIX = '';

  /** Redis for queues, rate limits and caches. Must run with maxmemory-policy noeviction. */
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every Redis key this stack writes (Bull queues included). */
  @IsString()
  @Matches(/^[A-Za-z0-9_:-]+$/, { message: 'REDIS_PREFIX must be letters, digits, _ - or :' })
  REDIS_PREFIX = 'parley';

  /** How long a request to another service may take before it fails with 504, in ms. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  RPC_TIMEOUT_MS = 5000;

  /** How long a SIGTERM waits for in-flight requests before closing anyway, in ms. */
  @IsInt()
  @Min(0)
  @Max(120_000)
  SHUTDOWN_TIMEOUT_MS = 10_000;

  /** debug | info | warn | error */
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';
}

/** What a back-end service reads on top of the base. */
export class ServiceConfig extends BaseConfig {
  /** Port of the /livez and /readyz probe endpoints (Kubernetes). Unset: no probe server. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  HEALTH_PORT?: number = undefined;
}

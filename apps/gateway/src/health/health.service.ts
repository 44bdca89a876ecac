import { Inject, Injectable } from '@nestjs/common';
import { HEALTH_SUBJECTS, isServiceName, SERVICE_NAMES, type ServiceName } from '@parley/contracts';
import { checkWithin, NATS_CONNECTION, REDIS, ServiceClient } from '@parley/server-kit';
import type { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { PG_POOL } from './pg-pool';

export const INFRA_COMPONENTS = ['postgres', 'nats', 'redis'] as const;
export type Component = 'gateway' | ServiceName | (typeof INFRA_COMPONENTS)[number];
export type ComponentStatus = 'up' | 'down';

export interface HealthReport {
  status: 'ok' | 'down';
  components: Record<Component, ComponentStatus>;
}

const CHECK_TIMEOUT_MS = 1000;

/** Checks every part of the system in parallel, each bounded by one second. */
@Injectable()
export class HealthService {
  constructor(
    private readonly services: ServiceClient,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(PG_POOL) private readonly pg: Pool,
  ) {}

  static isComponent(name: string): name is Component {
    return (
      name === 'gateway' ||
      (SERVICE_NAMES as readonly string[]).includes(name) ||
      (INFRA_COMPONENTS as readonly string[]).includes(name)
    );
  }

  async report(): Promise<HealthReport> {
    const names: Component[] = ['gateway', ...SERVICE_NAMES, ...INFRA_COMPONENTS];
    const statuses = await Promise.all(names.map((name) => this.check(name)));
    const components = Object.fromEntries(
      names.map((name, i) => [name, statuses[i]]),
    ) as HealthReport['components'];
    return { status: statuses.every((s) => s === 'up') ? 'ok' : 'down', components };
  }

  async check(component: Component): Promise<ComponentStatus> {
    if (isServiceName(component)) {
      // The request has its own timeout; no extra timer on the path the bench measures.
      const answered = await this.services.send(HEALTH_SUBJECTS[component], {}, {}, CHECK_TIMEOUT_MS).then(
        () => true,
        () => false,
      );
      return answered ? 'up' : 'down';
    }
    const ok = await checkWithin(CHECK_TIMEOUT_MS, () => this.probe(component));
    return ok ? 'up' : 'down';
  }

  natsConnected(): boolean {
    return !this.nats.isClosed();
  }

  private async probe(component: 'gateway' | (typeof INFRA_COMPONENTS)[number]): Promise<unknown> {
    switch (component) {
      case 'gateway':
        return;
      case 'postgres':
        return this.pg.query('select 1');
      case 'nats':
        return this.nats.rtt();
      case 'redis':
        return this.redis.ping();
    }
  }
}

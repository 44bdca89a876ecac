import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type HealthReport, HealthService } from './health.service';
import { Public } from '../auth/roles';

@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Every component: 200 when all are up, 503 naming the ones that are down. */
  @Public()
  @Get()
  async report(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.report();
    void reply.status(report.status === 'ok' ? 200 : 503);
    return report;
  }

  /** Readiness: the gateway can reach NATS, so it can serve requests. */
  @Public()
  @Get('ready')
  ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const ok = this.health.natsConnected();
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'down' };
  }

  /** One component, e.g. /api/health/auth-service or /api/health/postgres. */
  @Public()
  @Get(':component')
  async component(@Param('component') component: string, @Res({ passthrough: true }) reply: FastifyReply) {
    if (!HealthService.isComponent(component)) throw new NotFoundException(`Unknown component: ${component}`);
    const status = await this.health.check(component);
    void reply.status(status === 'up' ? 200 : 503);
    return { component, status };
  }
}

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Controller, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HEALTH_SUBJECTS, type ServiceHealth, type ServiceName } from '@parley/contracts';

/** The health subject of one service: answering at all is the signal, so it does no I/O. */
export function healthController(service: ServiceName): Type {
  const instance = `${hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;

  @Controller()
  class HealthController {
    @MessagePattern(HEALTH_SUBJECTS[service])
    check(): ServiceHealth {
      return { service, instance, status: 'up' };
    }
  }
  return HealthController;
}

import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, type ServiceConfig } from '@parley/server-kit';
import { migrations } from './migrations';

@Module({})
export class MessagingServiceModule {}

export function messagingServiceModule(config: ServiceConfig): DynamicModule {
  return {
    module: MessagingServiceModule,
    imports: [ServiceKitModule.forRoot({ service: 'messaging-service', config, orm: { entities: [], migrations } })],
  };
}

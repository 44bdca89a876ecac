import { createServer } from 'node:net';
import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SERVICE_NAMES, type ServiceName } from '@parley/contracts';
import { createServiceApp, JsonLogger, loadConfig, ServiceConfig, type ServiceApp } from '@parley/server-kit';
import { createTestInfra, type SmtpSink, startSmtpSink, type TestInfra } from '@parley/server-kit/testing';
import { authServiceModule } from '../apps/auth-service/src/app.module';
import { billingServiceModule } from '../apps/billing-service/src/app.module';
import { catalogueServiceModule } from '../apps/catalogue-service/src/app.module';
import { integrationsServiceModule } from '../apps/integrations-service/src/app.module';
import { marketingServiceModule } from '../apps/marketing-service/src/app.module';
import { messagingServiceModule } from '../apps/messaging-service/src/app.module';
import { AuthConfig } from '../apps/auth-service/src/config/auth.config';
import { BillingConfig } from '../apps/billing-service/src/config/billing.config';
import { IntegrationsConfig } from '../apps/integrations-service/src/config/integrations.config';
import { MarketingConfig } from '../apps/marketing-service/src/config/marketing.config';
import { MessagingConfig } from '../apps/messaging-service/src/config/messaging.config';
import { GatewayConfig } from '../apps/gateway/src/config/gateway.config';
import { createGateway } from '../apps/gateway/src/http/create-gateway';

// Test-only wiring: the end-to-end tests of the gateway run the real services in this process.
const SERVICES = {
  'auth-service': { module: authServiceModule, config: AuthConfig },
  'catalogue-service': { module: catalogueServiceModule, config: ServiceConfig },
  'messaging-service': { module: messagingServiceModule, config: MessagingConfig },
  'marketing-service': { module: marketingServiceModule, config: MarketingConfig },
  'integrations-service': { module: integrationsServiceModule, config: IntegrationsConfig },
  'billing-service': { module: billingServiceModule, config: BillingConfig },
} satisfies Record<ServiceName, unknown>;

export interface Stack {
  gateway: NestFastifyApplication;
  url: string;
  services: Map<ServiceName, ServiceApp>;
  /** Another gateway replica on the same services (closed by `stop`). */
  addGateway(): Promise<string>;
  /** Stops one service, as an outage would (its subjects then have no responder); `stop` skips it. */
  stopService(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (for a PUBLIC_URL that must name the gateway's port up front). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The gateway and every service on one test infrastructure (see createTestInfra). */
export async function startStack(
  env: Record<string, string>,
  gatewayEnv: Record<string, string> = {},
): Promise<Stack> {
  const services = new Map<ServiceName, ServiceApp>();
  const config = loadConfig(GatewayConfig, { ...env, PORT: '0', HOST: '127.0.0.1', ...gatewayEnv });
  let gateway: NestFastifyApplication;
  try {
    const started = await Promise.allSettled(
      SERVICE_NAMES.map(async (name) => {
        const { module, config: configClass } = SERVICES[name];
        const serviceConfig = loadConfig(configClass, env);
        services.set(
          name,
          await createServiceApp(
            name,
            (module as (c: ServiceConfig) => DynamicModule)(serviceConfig),
            serviceConfig,
          ),
        );
      }),
    );
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    gateway = await createGateway(config, new JsonLogger('gateway', config.LOG_LEVEL));
  } catch (error) {
    // A half-started stack would keep its connections open and Jest from exiting: stop what started.
    await Promise.allSettled([...services.values()].map((s) => s.app.close()));
    throw error;
  }
  const replicas: NestFastifyApplication[] = [];
  return {
    gateway,
    url: urlOf(gateway),
    services,
    async addGateway() {
      const replica = await createGateway(
        loadConfig(GatewayConfig, { ...env, PORT: '0', HOST: '127.0.0.1' }),
        new JsonLogger('gateway', config.LOG_LEVEL),
      );
      replicas.push(replica);
      return urlOf(replica);
    },
    async stopService(name) {
      const service = services.get(name);
      services.delete(name);
      await service?.app.close();
    },
    async stop() {
      await Promise.all([gateway, ...replicas].map((g) => g.close()));
      await Promise.all([...services.values()].map((s) => s.app.close()));
    },
  };
}

function urlOf(gateway: NestFastifyApplication): string {
  const address = gateway.getHttpServer().address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A system test file's own world: its infrastructure, an SMTP sink, and the stack on both. */
export interface SystemStack {
  infra: TestInfra;
  smtp: SmtpSink;
  stack: Stack;
}

/**
 * The stack most system tests need: a fresh database and prefixes, a real SMTP sink, and the gateway on
 * a port that PUBLIC_URL names (so emailed links and the browser's Origin point at it). `env` and
 * `gatewayEnv` add to or override those settings.
 */
export async function startSystemStack(
  env: Record<string, string> = {},
  gatewayEnv: Record<string, string> = {},
): Promise<SystemStack> {
  const infra = await createTestInfra();
  let smtp: SmtpSink | undefined;
  try {
    smtp = await startSmtpSink();
    const port = await freePort();
    const stack = await startStack(
      { ...infra.env, SMTP_URL: smtp.url, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
      { PORT: String(port), ...gatewayEnv },
    );
    return { infra, smtp, stack };
  } catch (error) {
    // The caller gets nothing to stop, so what did start is stopped here.
    await stopSystemStack({ infra, smtp });
    throw error;
  }
}

/** Stops what startSystemStack started (each part only if it was started). */
export async function stopSystemStack(system: Partial<SystemStack>): Promise<void> {
  await system.stack?.stop();
  await system.smtp?.close();
  await system.infra?.cleanup();
}

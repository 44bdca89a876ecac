import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ChannelPlatform } from '@parley/contracts';
import { mapAtMost } from '@parley/server-kit';
import { ChannelHealth } from '../channels/channel-health';
import { ChannelHealthQueries, type PageToCheck } from '../channels/channel-health.queries';
import { ChannelRegistry } from '../channels/channel-registry';
import { SecretBox } from '../secrets/secret-box';
import { HEALTH_CHECK_JOB, HealthCheckQueue } from './health-check-queue';

/** Pages read per query, and asked of their providers at once. */
const PAGES_PER_READ = 200;
const AT_ONCE = 8;

const UNREADABLE_TOKEN = 'The access token cannot be read: connect again.';

/**
 * The periodic check (docs/channels.md, "Health"): every connected page's provider is asked whether it
 * still accepts the token and still sends the webhooks (ChannelAdapter.checkHealth); a missing subscription
 * is put back where the provider allows it. Then each integration's degraded episode starts or ends
 * (ChannelHealth.evaluate: the owner is told once).
 */
@Injectable()
export class HealthCheckProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(HealthCheckProcessor.name);

  constructor(
    private readonly checks: HealthCheckQueue,
    private readonly queries: ChannelHealthQueries,
    private readonly channels: ChannelRegistry,
    private readonly health: ChannelHealth,
    private readonly box: SecretBox,
  ) {}

  async onModuleInit(): Promise<void> {
    void this.checks.queue.process(HEALTH_CHECK_JOB, 1, () => this.checkAll());
    // Every replica registers the same schedule; one that cannot now leaves it to the others (and its next start).
    await this.checks
      .schedule()
      .catch((error: unknown) => this.logger.warn(`health check not scheduled: ${String(error)}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.checks.queue.close();
  }

  /** One pass over every connected page; answers how many were checked. */
  async checkAll(): Promise<number> {
    const integrations = new Map<string, { ownerId: string; platform: ChannelPlatform }>();
    let checked = 0;
    let after: string | null = null;
    for (;;) {
      const pages = await this.queries.pagesToCheck(after, PAGES_PER_READ);
      await mapAtMost(pages, AT_ONCE, (page) => this.check(page));
      for (const { ownerId, platform } of pages)
        integrations.set(`${ownerId}:${platform}`, { ownerId, platform });
      checked += pages.length;
      if (pages.length < PAGES_PER_READ) break;
      after = pages[pages.length - 1].id;
    }
    for (const { ownerId, platform } of integrations.values()) await this.health.evaluate(ownerId, platform);
    this.logger.log(`checked ${checked} connected page(s) of ${integrations.size} integration(s)`);
    return checked;
  }

  /** One page; a failure of our own (the database) is logged, and the next pass tries again. */
  private async check(page: PageToCheck): Promise<void> {
    try {
      const token = this.open(page.tokenSealed);
      if (token === undefined) {
        const check = { token: 'refused', subscribed: null, reason: UNREADABLE_TOKEN } as const;
        return await this.queries.storeCheck({ id: page.id, check, subscriptionError: null });
      }
      const channel = this.channels.forPlatform(page.platform);
      const asset = { pageId: page.pageId, businessAccountId: page.businessAccountId, token };
      const check = await channel.checkHealth(page.platform, asset);
      let subscriptionError: string | null = null;
      if (check.token === 'valid' && check.subscribed === false) {
        try {
          await channel.subscribe(page.platform, [
            { ...asset, pageName: page.pageName, provesControl: false },
          ]);
          check.subscribed = true;
          this.logger.log(
            `${page.platform} ${page.pageId} had lost its webhook subscription: subscribed again`,
          );
        } catch (error) {
          subscriptionError = error instanceof Error ? error.message : String(error);
          this.logger.warn(
            `${page.platform} ${page.pageId} could not be subscribed again: ${subscriptionError}`,
          );
        }
      }
      await this.queries.storeCheck({ id: page.id, check, subscriptionError });
    } catch (error) {
      this.logger.warn(`health check of ${page.platform} ${page.pageId} failed: ${String(error)}`);
    }
  }

  private open(sealed: string): string | undefined {
    try {
      return this.box.open(sealed);
    } catch {
      return undefined;
    }
  }
}

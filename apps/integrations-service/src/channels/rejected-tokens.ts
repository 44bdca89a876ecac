import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type ChannelPlatform, PLATFORM_NAMES } from '@parley/contracts';
import { OwnerEvents, sql } from '@parley/server-kit';
import { ChannelHealth } from './channel-health';

/**
 * Pages whose token the provider refused: it expired (a WhatsApp number is sent from with the owner's 60-day
 * user token) or the owner took Parley's access away (in Facebook). Sends and template lists fail with the
 * provider's words
 * until the owner connects the platform again; the integrations list says so (`needsReconnect`).
 */
@Injectable()
export class RejectedTokens {
  private readonly logger = new Logger(RejectedTokens.name);

  constructor(
    private readonly em: EntityManager,
    private readonly events: OwnerEvents,
    private readonly health: ChannelHealth,
  ) {}

  /**
   * Marks the owner's page with the provider's words; the first time, tells the owner's tabs (the
   * integrations refresh) and degrades the channel (ChannelHealth: the owner is told once). `provider` is
   * who refused (ChannelAdapter.provider: "Meta").
   */
  async report(
    ownerId: string,
    platform: ChannelPlatform,
    pageId: string,
    provider: string,
    reason: string,
  ): Promise<void> {
    const marked = await sql(
      this.em,
      `update pages set token_rejected_at = now(), token_error = ?, updated_at = now()
        where owner_id = ? and platform = ? and page_id = ? and token_rejected_at is null
       returning page_id`,
      [reason, ownerId, platform, pageId],
    );
    if (marked.length === 0) return;
    await this.health.evaluate(ownerId, platform);
    this.logger.warn(`${provider} refused the token of ${platform} ${pageId}: the owner must connect again`);
    this.events.emit(ownerId, {
      type: 'integration_changed',
      message: `${PLATFORM_NAMES[platform]} must be connected again: ${provider} no longer accepts Parley's access.`,
      data: { platform },
    });
  }
}

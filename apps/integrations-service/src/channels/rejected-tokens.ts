import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type ChannelPlatform, PLATFORM_NAMES } from '@parley/contracts';
import { OwnerEvents, sql } from '@parley/server-kit';

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
  ) {}

  /**
   * Marks the owner's page; the first time, tells the owner's tabs (the integrations refresh). `provider`
   * is who refused (ChannelAdapter.provider: "Meta").
   */
  async report(ownerId: string, platform: ChannelPlatform, pageId: string, provider: string): Promise<void> {
    const marked = await sql(
      this.em,
      `update pages set token_rejected_at = now(), updated_at = now()
        where owner_id = ? and platform = ? and page_id = ? and token_rejected_at is null
       returning page_id`,
      [ownerId, platform, pageId],
    );
    if (marked.length === 0) return;
    this.logger.warn(`${provider} refused the token of ${platform} ${pageId}: the owner must connect again`);
    this.events.emit(ownerId, {
      type: 'integration_changed',
      message: `${PLATFORM_NAMES[platform]} must be connected again: ${provider} no longer accepts Parley's access.`,
      data: { platform },
    });
  }
}

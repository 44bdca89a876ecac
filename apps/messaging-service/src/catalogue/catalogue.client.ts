import { Injectable, Logger } from '@nestjs/common';
import { PRODUCT_SEARCH_LIMIT, type ProductSearchRequest, PRODUCTS_SUBJECTS } from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { type AgentContext, type AgentProduct, FOLLOW_UP_DEPTH } from '../agent/agent-provider';
import { MessagingConfig } from '../config/messaging.config';

/** At most one warning per this many ms while catalogue-service keeps failing; the others are counted into it. */
const WARN_INTERVAL_MS = 60_000;

/**
 * Asks catalogue-service for the owner's products a customer message is about. A reply never waits on it for
 * more than CATALOGUE_TIMEOUT_MS, and never fails because of it: with catalogue-service down (no responder,
 * answered at once), slow or failing, the agent answers without the catalogue.
 */
@Injectable()
export class CatalogueClient {
  private readonly logger = new Logger(CatalogueClient.name);
  private lastWarningAt = -Infinity;
  private failuresSinceWarning = 0;

  constructor(
    private readonly services: ServiceClient,
    private readonly config: MessagingConfig,
  ) {}

  /**
   * The owner's products that `message` (or, when it names none, one of the latest earlier messages) is about,
   * best first, at most PRODUCT_SEARCH_LIMIT; [] when catalogue-service cannot say in time.
   */
  async productsFor(
    ownerId: string,
    message: string,
    history: AgentContext['history'],
  ): Promise<AgentProduct[]> {
    const request: ProductSearchRequest = {
      text: message,
      earlier: history
        .slice(-FOLLOW_UP_DEPTH)
        .reverse()
        .map((entry) => entry.content),
      limit: PRODUCT_SEARCH_LIMIT,
    };
    try {
      return await this.services.send<AgentProduct[]>(
        PRODUCTS_SUBJECTS.search,
        request,
        { actor: { userId: ownerId } },
        this.config.CATALOGUE_TIMEOUT_MS,
      );
    } catch (error) {
      this.warn(error);
      return [];
    }
  }

  /** Logs a failure, once a minute at most, so an outage is not a warning per reply. */
  private warn(error: unknown): void {
    this.failuresSinceWarning += 1;
    const now = Date.now();
    if (now - this.lastWarningAt < WARN_INTERVAL_MS) return;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(
      `product search failed ${this.failuresSinceWarning} time(s) since the last warning (${reason}); ` +
        'replies go out without the catalogue',
    );
    this.lastWarningAt = now;
    this.failuresSinceWarning = 0;
  }
}

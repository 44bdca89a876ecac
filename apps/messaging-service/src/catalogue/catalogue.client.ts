import { Injectable, Logger } from '@nestjs/common';
import {
  PRODUCT_SEARCH_LIMIT,
  type ProductSearchRequest,
  PRODUCTS_SUBJECTS,
  type SetCatalogueCurrencyRequest,
  type SetCatalogueCurrencyResponse,
  workspaceActor,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { type AgentContext, type AgentProduct, FOLLOW_UP_DEPTH } from '@parley/agent';
import { MessagingConfig } from '../config/messaging.config';
import { ThrottledWarning } from '../shared/throttled-warning';

/**
 * Asks catalogue-service for the owner's products a customer message is about. A reply never waits on it for
 * more than CATALOGUE_TIMEOUT_MS, and never fails because of it: with catalogue-service down (no responder,
 * answered at once), slow or failing, the agent answers without the catalogue.
 */
@Injectable()
export class CatalogueClient {
  /** Once a minute at most while catalogue-service keeps failing. */
  private readonly failures = new ThrottledWarning(new Logger(CatalogueClient.name));

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
        { actor: workspaceActor(ownerId) },
        this.config.CATALOGUE_TIMEOUT_MS,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.failures.warn(
        (count) =>
          `product search failed ${count} time(s) since the last warning (${reason}); replies go out without the catalogue`,
      );
      return [];
    }
  }

  /**
   * The owner's products that any of `texts` is about (one search each, in parallel), each product once; a text
   * the catalogue cannot answer in time adds none. For checking knowledge passages (knowledge-claims.ts).
   */
  async productsNamedIn(ownerId: string, texts: readonly string[]): Promise<AgentProduct[]> {
    const found = await Promise.all(texts.map((text) => this.productsFor(ownerId, text, [])));
    const once = new Map(found.flat().map((product) => [JSON.stringify(product), product]));
    return [...once.values()];
  }

  /**
   * Tells catalogue-service the owner's currency changed: new products take it, stored prices are relabelled.
   * Unlike the search, a failure is the caller's (the AI configuration is then not saved, so the two never disagree).
   */
  setCurrency(ownerId: string, currency: string): Promise<SetCatalogueCurrencyResponse> {
    const request: SetCatalogueCurrencyRequest = { currency };
    return this.services.send<SetCatalogueCurrencyResponse>(PRODUCTS_SUBJECTS.setCurrency, request, {
      actor: workspaceActor(ownerId),
    });
  }
}

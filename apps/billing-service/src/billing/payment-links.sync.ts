import { readFile } from 'node:fs/promises';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { BillingConfig } from '../config/billing.config';
import { CatalogueQueries } from './catalogue.queries';
import { parsePaymentLinks, PaymentLinksError } from './payment-links';

/**
 * At start-up (after the migrations), makes the plans' and refills' payment links what PAYMENT_LINKS_FILE
 * says; a file that cannot be used stops the start with a message naming each bad entry. Unset: the links
 * stay as they are in the database.
 */
@Injectable()
export class PaymentLinksSync implements OnApplicationBootstrap {
  private readonly logger = new Logger(PaymentLinksSync.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly config: BillingConfig,
    private readonly catalogue: CatalogueQueries,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const file = this.config.PAYMENT_LINKS_FILE;
    if (file) await this.sync(file);
  }

  /** Reads, checks and applies `file`; answers the rows it changed (`plans.pro`, `refills.power`). */
  @CreateRequestContext()
  async sync(file: string): Promise<string[]> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new PaymentLinksError(file, [`cannot be read: ${(error as Error).message}`]);
    }
    const links = parsePaymentLinks(file, text, await this.catalogue.linkTargets());
    const changed = await this.catalogue.syncPaymentLinks(links);
    const count = links.plans.size + links.refills.size;
    this.logger.log(
      `payment links from ${file}: ${count} configured; ${changed.length > 0 ? `changed ${changed.join(', ')}` : 'nothing changed'}`,
    );
    return changed;
  }
}

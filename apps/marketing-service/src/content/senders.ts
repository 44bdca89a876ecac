import { Injectable } from '@nestjs/common';
import { type AiConfigResponse, MESSAGING_SUBJECTS } from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { MarketingConfig } from '../config/marketing.config';
import type { Sender } from './campaign-mail';

/** How long an owner's name and address are reused before messaging-service is asked again. */
const KEPT_MS = 60_000;
const ASK_TIMEOUT_MS = 3000;

/**
 * Whose mails they are: the business's name and postal address from its AI configuration (messaging-service
 * owns it), for the From name and every mail's footer. Kept a minute per owner, so a campaign asks once,
 * not once per recipient. An owner who has not set a company name gets MAIL_FROM's name. When
 * messaging-service does not answer, this throws: the mail waits (a temporary failure) rather than going
 * out without the address.
 */
@Injectable()
export class Senders {
  private readonly kept = new Map<string, { until: number; sender: Sender }>();

  constructor(
    private readonly services: ServiceClient,
    private readonly config: MarketingConfig,
  ) {}

  async of(ownerId: string): Promise<Sender> {
    const now = Date.now();
    const kept = this.kept.get(ownerId);
    if (kept && kept.until > now) return kept.sender;
    const aiConfig = await this.services.send<AiConfigResponse>(
      MESSAGING_SUBJECTS.getAiConfig,
      {},
      { actor: { userId: ownerId } },
      ASK_TIMEOUT_MS,
    );
    const sender: Sender = {
      companyName: aiConfig.companyName.trim() || this.fromName(),
      address: aiConfig.address?.trim() || null,
    };
    if (this.kept.size >= 10_000) this.kept.clear();
    this.kept.set(ownerId, { until: now + KEPT_MS, sender });
    return sender;
  }

  /** MAIL_FROM's address, for the From header under the business's name. */
  fromAddress(): string {
    return /<([^>]+)>/.exec(this.config.MAIL_FROM)?.[1] ?? this.config.MAIL_FROM.trim();
  }

  private fromName(): string {
    return /^\s*"?([^"<]*?)"?\s*</.exec(this.config.MAIL_FROM)?.[1] ?? 'Parley';
  }
}

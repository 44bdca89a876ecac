import { Injectable, Logger } from '@nestjs/common';
import {
  type AiConfigResponse,
  AUTH_SUBJECTS,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  MESSAGING_SUBJECTS,
  workspaceActor,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { MarketingConfig } from '../config/marketing.config';
import type { Sender } from './campaign-mail';

/** How long an owner's name and address are reused before messaging-service is asked again. */
const KEPT_MS = 60_000;
const ASK_TIMEOUT_MS = 3000;

/**
 * Whose mails they are: the business's name and postal address from its AI configuration (messaging-service
 * owns it), for the From name and every mail's footer, and the owner's language (auth-service: the one they
 * signed up in) for the footer's words. Kept a minute per owner, so a campaign asks once, not once per
 * recipient. An owner who has not set a company name gets MAIL_FROM's name. When messaging-service does not
 * answer, this throws: the mail waits (a temporary failure) rather than going out without the address. When
 * auth-service does not answer, or does not know, the footer is in English: a footer in another language is
 * no reason to hold a mail back.
 */
@Injectable()
export class Senders {
  private readonly logger = new Logger(Senders.name);
  private readonly kept = new Map<string, { until: number; sender: Sender }>();

  constructor(
    private readonly services: ServiceClient,
    private readonly config: MarketingConfig,
  ) {}

  async of(ownerId: string): Promise<Sender> {
    const now = Date.now();
    const kept = this.kept.get(ownerId);
    if (kept && kept.until > now) return kept.sender;
    const [aiConfig, language] = await Promise.all([
      this.services.send<AiConfigResponse>(
        MESSAGING_SUBJECTS.getAiConfig,
        {},
        { actor: workspaceActor(ownerId) },
        ASK_TIMEOUT_MS,
      ),
      this.languageOf(ownerId),
    ]);
    const sender: Sender = {
      companyName: aiConfig.companyName.trim() || this.fromName(),
      address: aiConfig.address?.trim() || null,
      language,
    };
    if (this.kept.size >= 10_000) this.kept.clear();
    this.kept.set(ownerId, { until: now + KEPT_MS, sender });
    return sender;
  }

  private async languageOf(ownerId: string): Promise<Language> {
    try {
      const { language } = await this.services.send<{ language: unknown }>(
        AUTH_SUBJECTS.accountLanguage,
        {},
        { actor: workspaceActor(ownerId) },
        ASK_TIMEOUT_MS,
      );
      return isLanguage(language) ? language : DEFAULT_LANGUAGE;
    } catch (error) {
      this.logger.warn(`the language of owner ${ownerId} is not known (${String(error)}): footer in English`);
      return DEFAULT_LANGUAGE;
    }
  }

  /** MAIL_FROM's address, for the From header under the business's name. */
  fromAddress(): string {
    return /<([^>]+)>/.exec(this.config.MAIL_FROM)?.[1] ?? this.config.MAIL_FROM.trim();
  }

  private fromName(): string {
    return /^\s*"?([^"<]*?)"?\s*</.exec(this.config.MAIL_FROM)?.[1] ?? 'Parley';
  }
}

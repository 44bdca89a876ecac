import { Injectable, Logger } from '@nestjs/common';
import {
  type AiConfigDto,
  type AiConfigResponse,
  AWAY_MESSAGE,
  DomainException,
  ErrorCode,
  TEAM_SUBJECTS,
  workspaceActor,
} from '@parley/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { appendAudit, auditChanges, ServiceClient } from '@parley/server-kit';
import { CatalogueClient } from '../catalogue/catalogue.client';
import { AI_CONFIG_COLUMNS, type AiConfigSettings } from './ai-config.mapper';
import { AiConfigQueries } from './ai-config.queries';

/** The settings a request may give (setupCompleted follows from them). */
const FIELDS = (Object.keys(AI_CONFIG_COLUMNS) as (keyof AiConfigSettings)[]).filter(
  (field): field is keyof AiConfigDto => field !== 'setupCompleted',
);

/**
 * The configuration after a save: each field the request gives replaces the current one (an absent
 * field keeps it, null clears it); setup is complete once both company texts are non-blank.
 */
export function mergeAiConfig(current: AiConfigSettings, dto: AiConfigDto): AiConfigSettings {
  const next: AiConfigSettings = { ...current };
  for (const field of FIELDS) {
    const value = dto[field];
    if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
  }
  next.setupCompleted = isSetupComplete(next);
  return next;
}

/** The settings a person sets, for the audit entry (not the stamps). */
function pick(config: AiConfigSettings): Record<string, unknown> {
  return Object.fromEntries(FIELDS.map((field) => [field, config[field]]));
}

export function isSetupComplete(
  config: Pick<AiConfigSettings, 'companyName' | 'companyDescription'>,
): boolean {
  return config.companyName.trim() !== '' && config.companyDescription.trim() !== '';
}

/** The away message is chosen for customers at the limit, but there is none to send. */
export function lacksAwayMessage(config: Pick<AiConfigSettings, 'atLimitReply' | 'awayMessage'>): boolean {
  return config.atLimitReply === 'away_message' && !config.awayMessage;
}

@Injectable()
export class AiConfigService {
  constructor(
    private readonly queries: AiConfigQueries,
    private readonly catalogue: CatalogueClient,
    private readonly services: ServiceClient,
    private readonly em: EntityManager,
  ) {}

  private readonly logger = new Logger(AiConfigService.name);

  async get(ownerId: string): Promise<AiConfigResponse> {
    return this.queries.find(ownerId);
  }

  /**
   * Saves from the AI Config or Business Setup screen; setup is complete once both company texts are saved.
   * The away message is checked on the result: a body may choose it and keep the stored text. A new currency is
   * first given to catalogue-service (which relabels the stored prices in it); when it cannot take it, nothing is
   * saved, so the products and the configuration never name different currencies.
   */
  async save(ownerId: string, dto: AiConfigDto, userId: string): Promise<AiConfigResponse> {
    const current = await this.queries.find(ownerId);
    const next = mergeAiConfig(current, dto);
    if (lacksAwayMessage(next)) throw new DomainException(ErrorCode.ValidationFailed, AWAY_MESSAGE.required);
    if (next.currency !== current.currency) await this.catalogue.setCurrency(ownerId, next.currency);
    // The audit entry (docs/teams.md, "Audit log") in the save's transaction: the changed settings only, the
    // private notes as "changed".
    const saved = await this.em.transactional(async () => {
      const written = await this.queries.save(ownerId, next);
      const changes = auditChanges(pick(current), pick(written), ['privateNotes']);
      if (changes) {
        await appendAudit(this.em, ownerId, userId, {
          action: 'ai_config.updated',
          subject: { type: 'ai_config', id: ownerId },
          ...changes,
        });
      }
      return written;
    });
    if (saved.companyName && saved.companyName !== current.companyName) this.nameWorkspace(ownerId, saved.companyName);
    return saved;
  }

  /**
   * The workspace is named after the business (docs/teams.md): auth-service is told, after the answer is
   * decided; the profile is saved whether or not it hears (the next save tells it again).
   */
  private nameWorkspace(ownerId: string, name: string): void {
    this.services
      .send(TEAM_SUBJECTS.renameWorkspace, { name }, { actor: workspaceActor(ownerId) })
      .catch((error: unknown) => this.logger.warn(`could not name workspace ${ownerId}: ${String(error)}`));
  }
}

import { Injectable } from '@nestjs/common';
import {
  type CampaignDto,
  type CampaignResponse,
  type CampaignResultsResponse,
  type CampaignStatus,
  type EmailAudienceQueryDto,
  type EmailAudienceResponse,
  DomainException,
  type EmailSummaryResponse,
  ErrorCode,
  type ListEmailQueryDto,
  openRate,
  type UpdateCampaignDto,
} from '@parley/contracts';
import { decodeCursor, type Page, requireUuid } from '@parley/server-kit';
import { requireTemplates } from '../content/personalise';
import { EmailTemplatesService } from '../templates/email-templates.service';
import { type CampaignRow, toCampaignResponse } from './campaign.mapper';
import { type CampaignColumns, CampaignsQueries } from './campaigns.queries';

const NOT_FOUND = 'Campaign not found';

/** The audience picker lists at most this many of the owner's tags. */
const AUDIENCE_TAGS_LISTED = 500;

/** Before sending starts, a campaign's content may change; after it, only its name. */
const EDITABLE: readonly CampaignStatus[] = ['draft', 'scheduled'];

/**
 * An owner's campaigns. A campaign with a `scheduledAt` is scheduled, otherwise a draft; its `templateId`
 * must name one of the owner's templates (any other id is NOT_FOUND, like the campaign's own).
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly queries: CampaignsQueries,
    private readonly templates: EmailTemplatesService,
  ) {}

  list(ownerId: string, query: ListEmailQueryDto): Promise<Page<CampaignResponse>> {
    return this.queries.page(ownerId, query.limit, decodeCursor(query.cursor));
  }

  async create(ownerId: string, dto: CampaignDto): Promise<CampaignResponse> {
    requireTemplates({ subject: dto.subject, htmlContent: dto.htmlContent, textContent: dto.textContent });
    if (dto.templateId) await this.templates.find(ownerId, dto.templateId);
    const row = await this.queries.insert(ownerId, {
      name: dto.name,
      subject: dto.subject,
      template_id: dto.templateId ? dto.templateId.toLowerCase() : null,
      html_content: dto.htmlContent,
      text_content: dto.textContent ?? null,
      status: dto.scheduledAt ? 'scheduled' : 'draft',
      scheduled_at: dto.scheduledAt ?? null,
      audience_tags: dto.audienceTags ?? [],
    });
    return toCampaignResponse(row);
  }

  /**
   * Only the fields sent change. Once sending has started (sending, paused, sent) the content is what
   * recipients got and can no longer change: CONFLICT, unless only the name is sent. A schedule set or
   * cleared makes a draft scheduled or a scheduled campaign a draft.
   */
  async update(ownerId: string, id: unknown, dto: UpdateCampaignDto): Promise<CampaignResponse> {
    const campaign = await this.find(ownerId, id);
    const content: CampaignColumns = {
      subject: dto.subject,
      template_id: dto.templateId === undefined ? undefined : (dto.templateId?.toLowerCase() ?? null),
      html_content: dto.htmlContent,
      text_content: dto.textContent,
      scheduled_at: dto.scheduledAt,
      audience_tags: dto.audienceTags,
    };
    const changesContent = Object.values(content).some((value) => value !== undefined);
    if (changesContent && !EDITABLE.includes(campaign.status)) {
      throw new DomainException(
        ErrorCode.Conflict,
        `This campaign is ${campaign.status}: its content can no longer change`,
        { status: campaign.status },
      );
    }
    requireTemplates({ subject: dto.subject, htmlContent: dto.htmlContent, textContent: dto.textContent });
    if (dto.templateId) await this.templates.find(ownerId, dto.templateId);
    const scheduledAt = dto.scheduledAt === undefined ? campaign.scheduled_at : dto.scheduledAt;
    const status =
      changesContent && EDITABLE.includes(campaign.status) ? (scheduledAt ? 'scheduled' : 'draft') : undefined;
    const row = await this.queries.update(ownerId, campaign.id, campaign.status, {
      name: dto.name,
      ...content,
      status,
    });
    if (!row) throw movedMeanwhile();
    return toCampaignResponse(row);
  }

  async delete(ownerId: string, id: unknown): Promise<{ id: string }> {
    const campaign = await this.find(ownerId, id);
    if (!(await this.queries.delete(ownerId, campaign.id))) {
      throw new DomainException(ErrorCode.Conflict, 'This campaign is sending: pause it before deleting it', {
        status: 'sending',
      });
    }
    return { id: campaign.id };
  }

  async summary(ownerId: string): Promise<EmailSummaryResponse> {
    const { campaigns, subscribers, sent, opens } = await this.queries.summary(ownerId);
    return { totalCampaigns: campaigns, subscribers, emailsSent: sent, openRate: openRate(opens, sent) };
  }

  /** The recipients a campaign with these audience tags would have now, and the tags there are to pick. */
  async audience(ownerId: string, query: EmailAudienceQueryDto): Promise<EmailAudienceResponse> {
    const [recipients, tags] = await Promise.all([
      this.queries.audienceSize(ownerId, query.tags ?? []),
      this.queries.subscriberTags(ownerId, AUDIENCE_TAGS_LISTED),
    ]);
    return { recipients, tags };
  }

  async results(ownerId: string, id: unknown): Promise<CampaignResultsResponse> {
    const campaign = await this.find(ownerId, id);
    const counts = await this.queries.results(ownerId, campaign.id);
    return { campaignId: campaign.id, totalRecipients: campaign.total_recipients, ...counts };
  }

  /** The owner's campaign with this id; anything else is NOT_FOUND. */
  async find(ownerId: string, id: unknown): Promise<CampaignRow> {
    const found = await this.queries.find(ownerId, requireUuid(String(id ?? ''), 'Campaign'));
    if (!found) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return found;
  }
}

/** The campaign's status changed between reading and writing it (a send started meanwhile). */
function movedMeanwhile(): DomainException {
  return new DomainException(ErrorCode.Conflict, 'This campaign changed meanwhile: reload it and try again');
}

import { Injectable } from '@nestjs/common';
import { DomainException, ErrorCode, type WhatsAppTemplateResponse } from '@parley/contracts';
import { GraphClient, MetaApiError, tokenRejected } from '../graph-client';
import { RejectedTokens } from '../../rejected-tokens';
import { tokenRefusal } from '../../channel-platform';
import { SecretBox } from '../../../secrets/secret-box';
import { type GraphTemplate, sendableTemplate, TEMPLATE_FIELDS } from './whatsapp-templates';
import { TemplatesQueries } from './templates.queries';

/** More templates than this on one account are not read (Meta allows 250 per account, each per language). */
const MAX_TEMPLATES = 1000;
const PAGE_SIZE = 100;

interface Paged<T> {
  data: T[];
  paging?: { next?: string; cursors?: { after?: string } };
}

/** WhatsApp's approved message templates, read from Meta each time (an owner approves new ones there). */
@Injectable()
export class TemplatesService {
  constructor(
    private readonly queries: TemplatesQueries,
    private readonly graph: GraphClient,
    private readonly secrets: SecretBox,
    private readonly rejectedTokens: RejectedTokens,
  ) {}

  /** The templates Parley can send from the owner's WhatsApp number `pageId`, by name then language. */
  async list(ownerId: string, pageId: string): Promise<WhatsAppTemplateResponse[]> {
    const number = await this.queries.whatsappNumber(ownerId, pageId);
    if (!number) {
      throw new DomainException(
        ErrorCode.Conflict,
        'This WhatsApp number is no longer connected: connect WhatsApp again to send templates.',
      );
    }
    let token: string;
    try {
      token = this.secrets.open(number.tokenSealed);
    } catch {
      throw new DomainException(
        ErrorCode.Conflict,
        "The WhatsApp number's access token cannot be read: connect WhatsApp again.",
      );
    }
    const nodes: GraphTemplate[] = [];
    let after: string | undefined;
    try {
      do {
        const answer = await this.graph.get<Paged<GraphTemplate>>(
          `/${encodeURIComponent(number.businessAccountId)}/message_templates`,
          { fields: TEMPLATE_FIELDS, status: 'APPROVED', limit: PAGE_SIZE, after, access_token: token },
        );
        nodes.push(...answer.data);
        after = answer.paging?.next === undefined ? undefined : answer.paging.cursors?.after;
      } while (after !== undefined && nodes.length < MAX_TEMPLATES);
    } catch (error) {
      if (!(error instanceof MetaApiError)) throw error;
      if (tokenRejected(error)) {
        await this.rejectedTokens.report(ownerId, 'whatsapp', pageId, 'Meta', error.message);
        throw new DomainException(ErrorCode.Conflict, tokenRefusal('whatsapp', error.message));
      }
      if (error.retryable) {
        throw new DomainException(
          ErrorCode.ServiceUnavailable,
          'WhatsApp could not be reached. Please try again in a moment.',
        );
      }
      throw new DomainException(
        ErrorCode.Conflict,
        `WhatsApp refused to list the templates: ${error.message}`,
      );
    }
    return nodes
      .flatMap((node) => sendableTemplate(node) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
  }
}

import { Injectable } from '@nestjs/common';
import {
  DomainException,
  type EmailTemplateDto,
  type EmailTemplateResponse,
  ErrorCode,
  type ListEmailQueryDto,
  type UpdateEmailTemplateDto,
} from '@parley/contracts';
import { decodeCursor, type Page, requireUuid } from '@parley/server-kit';
import { requireTemplates } from '../content/personalise';
import type { EmailTemplateRow } from './email-template.mapper';
import { EmailTemplatesQueries } from './email-templates.queries';

const NOT_FOUND = 'Email template not found';

/** An owner's email templates. Any id that is not the owner's is NOT_FOUND, like one that never existed. */
@Injectable()
export class EmailTemplatesService {
  constructor(private readonly queries: EmailTemplatesQueries) {}

  list(ownerId: string, query: ListEmailQueryDto): Promise<Page<EmailTemplateResponse>> {
    return this.queries.page(ownerId, query.limit, decodeCursor(query.cursor));
  }

  create(ownerId: string, dto: EmailTemplateDto): Promise<EmailTemplateResponse> {
    requireTemplates({ subject: dto.subject, htmlContent: dto.htmlContent, textContent: dto.textContent });
    return this.queries.insert(ownerId, dto);
  }

  /** The owner's template with this id (a campaign made from it copies its content). */
  async find(ownerId: string, id: unknown): Promise<EmailTemplateRow> {
    const found = await this.queries.find(ownerId, requireUuid(String(id ?? ''), 'Email template'));
    if (!found) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return found;
  }

  async update(ownerId: string, id: unknown, dto: UpdateEmailTemplateDto): Promise<EmailTemplateResponse> {
    requireTemplates({ subject: dto.subject, htmlContent: dto.htmlContent, textContent: dto.textContent });
    const template = await this.queries.update(ownerId, requireUuid(String(id ?? ''), 'Email template'), dto);
    if (!template) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return template;
  }

  async delete(ownerId: string, id: unknown): Promise<{ id: string }> {
    const uuid = requireUuid(String(id ?? ''), 'Email template');
    if (!(await this.queries.delete(ownerId, uuid))) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return { id: uuid };
  }
}

import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EmailTemplateDto, EmailTemplateResponse, UpdateEmailTemplateDto } from '@parley/contracts';
import type { Cursor, Page } from '@parley/server-kit';
import { deleteOwned, insertRow, ownedPage, ownedRow, updateOwned } from '../shared/owned-rows';
import { EMAIL_TEMPLATES, type EmailTemplateRow, toEmailTemplateResponse } from './email-template.mapper';

/** The only file that reads or writes email_templates. */
@Injectable()
export class EmailTemplatesQueries {
  constructor(private readonly em: EntityManager) {}

  page(ownerId: string, limit: number, after?: Cursor): Promise<Page<EmailTemplateResponse>> {
    return ownedPage(this.em, EMAIL_TEMPLATES, ownerId, limit, after);
  }

  find(ownerId: string, id: string): Promise<EmailTemplateRow | undefined> {
    return ownedRow(this.em, EMAIL_TEMPLATES, ownerId, id);
  }

  async insert(ownerId: string, dto: EmailTemplateDto): Promise<EmailTemplateResponse> {
    const row = await insertRow(this.em, EMAIL_TEMPLATES, {
      id: randomUUID(),
      owner_id: ownerId,
      name: dto.name,
      subject: dto.subject,
      html_content: dto.htmlContent,
      text_content: dto.textContent ?? null,
      template_type: dto.templateType,
    });
    return toEmailTemplateResponse(row);
  }

  async update(
    ownerId: string,
    id: string,
    dto: UpdateEmailTemplateDto,
  ): Promise<EmailTemplateResponse | undefined> {
    const row = await updateOwned(this.em, EMAIL_TEMPLATES, ownerId, id, {
      name: dto.name,
      subject: dto.subject,
      html_content: dto.htmlContent,
      text_content: dto.textContent,
      template_type: dto.templateType,
      is_active: dto.isActive,
    });
    return row && toEmailTemplateResponse(row);
  }

  delete(ownerId: string, id: string): Promise<boolean> {
    return deleteOwned(this.em, EMAIL_TEMPLATES.table, ownerId, id);
  }
}

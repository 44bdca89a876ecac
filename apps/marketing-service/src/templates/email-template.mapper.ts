import type { EmailTemplateResponse, EmailTemplateType } from '@parley/contracts';
import { isoTime } from '@parley/server-kit';
import type { OwnedTable } from '../shared/owned-rows';

export interface EmailTemplateRow {
  id: string;
  name: string;
  subject: string;
  html_content: string;
  text_content: string | null;
  template_type: string;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export function toEmailTemplateResponse(row: EmailTemplateRow): EmailTemplateResponse {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    htmlContent: row.html_content,
    textContent: row.text_content,
    templateType: row.template_type as EmailTemplateType,
    isActive: row.is_active,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

export const EMAIL_TEMPLATES: OwnedTable<EmailTemplateRow, EmailTemplateResponse> = {
  table: 'email_templates',
  columns: 'id, name, subject, html_content, text_content, template_type, is_active, created_at, updated_at',
  map: toEmailTemplateResponse,
};

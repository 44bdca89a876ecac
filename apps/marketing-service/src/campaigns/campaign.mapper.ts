import type { CampaignResponse, CampaignStatus } from '@parley/contracts';
import { isoTime } from '@parley/server-kit';
import type { OwnedTable } from '../shared/owned-rows';

export interface CampaignRow {
  id: string;
  name: string;
  subject: string;
  template_id: string | null;
  html_content: string;
  text_content: string | null;
  status: CampaignStatus;
  scheduled_at: string | null;
  audience_tags: string[];
  sent_at: string | null;
  total_recipients: number;
  sent_count: number;
  open_count: number;
  click_count: number;
  created_at: string;
  updated_at: string;
}

const time = (text: string | null) => (text === null ? null : isoTime(text));

export function toCampaignResponse(row: CampaignRow): CampaignResponse {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    templateId: row.template_id,
    htmlContent: row.html_content,
    textContent: row.text_content,
    status: row.status,
    scheduledAt: time(row.scheduled_at),
    audienceTags: row.audience_tags,
    sentAt: time(row.sent_at),
    totalRecipients: row.total_recipients,
    sentCount: row.sent_count,
    openCount: row.open_count,
    clickCount: row.click_count,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

export const EMAIL_CAMPAIGNS: OwnedTable<CampaignRow, CampaignResponse> = {
  table: 'email_campaigns',
  columns: `id, name, subject, template_id, html_content, text_content, status, scheduled_at, audience_tags, sent_at,
            total_recipients, sent_count, open_count, click_count, created_at, updated_at`,
  map: toCampaignResponse,
};

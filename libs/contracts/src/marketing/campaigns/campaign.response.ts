import type { CampaignStatus } from './campaign-statuses';

export interface CampaignResponse {
  id: string;
  name: string;
  subject: string;
  templateId: string | null;
  htmlContent: string;
  textContent: string | null;
  status: CampaignStatus;
  scheduledAt: string | null;
  /** The audience: subscribers with any of these tags; empty for every subscriber. */
  audienceTags: string[];
  sentAt: string | null;
  totalRecipients: number;
  sentCount: number;
  openCount: number;
  clickCount: number;
  createdAt: string;
  updatedAt: string;
}

import type { CampaignResponse, CampaignStatus } from '@parley/contracts';

/** Once sending has started, what recipients get is fixed: only the name may change (docs/email.md). */
export function hasStarted(status: CampaignStatus): boolean {
  return status === 'sending' || status === 'paused' || status === 'sent';
}

/** Send starts (or confirms the schedule of) a draft or scheduled campaign; spec 001 §4 disables it once sent. */
export function canSend(status: CampaignStatus): boolean {
  return status === 'draft' || status === 'scheduled';
}

/** A scheduled time still ahead: Send then schedules rather than starts. */
export function isScheduledAhead(campaign: Pick<CampaignResponse, 'scheduledAt'>, now = Date.now()): boolean {
  return campaign.scheduledAt !== null && Date.parse(campaign.scheduledAt) > now;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as `<input type="datetime-local">` shows it, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value (the browser's time zone) as an ISO time; null when blank or not a time. */
export function fromLocalInput(value: string | undefined): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The share of recipients already sent to, 0–100, for the progress bar. */
export function sendingPercent(campaign: Pick<CampaignResponse, 'sentCount' | 'totalRecipients'>): number {
  if (campaign.totalRecipients <= 0) return 0;
  return Math.min(100, Math.round((campaign.sentCount / campaign.totalRecipients) * 100));
}

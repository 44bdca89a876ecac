import { isOneOf } from '../../enums/one-of';

/** Email campaign lifecycle. A `sent` campaign cannot be sent again. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'paused'] as const;

export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const DEFAULT_CAMPAIGN_STATUS: CampaignStatus = 'draft';

export function isCampaignStatus(value: unknown): value is CampaignStatus {
  return isOneOf(CAMPAIGN_STATUSES, value);
}

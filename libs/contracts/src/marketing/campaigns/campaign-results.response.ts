/**
 * GET /api/email/campaigns/{id}/results: how the campaign's mails went (docs/email.md, "Results").
 * sent = delivered + bounced: the mails the SMTP server answered for.
 */
export interface CampaignResultsResponse {
  campaignId: string;
  totalRecipients: number;
  /** The SMTP server took or refused them for good. */
  sent: number;
  /** The SMTP server took them (the campaign's sentCount). */
  delivered: number;
  /** Deliveries opened (the pixel loaded, or a link followed), each counted once. */
  opened: number;
  /** Deliveries with a link followed, each counted once. */
  clicked: number;
  /** Refused for good (5xx): the subscriber is bounced too. */
  bounced: number;
  /** Subscribers who left through this campaign's link. */
  unsubscribed: number;
  /** Refused for now until the last try, or interrupted mid-send. */
  failed: number;
  /** Still to send (paused or sending). */
  pending: number;
}

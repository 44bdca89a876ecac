/**
 * GET /api/email/summary: the four cards of /email-marketing (spec 001 §2, §5). `subscribers` counts those
 * still subscribed; `openRate` is the sum of opens over the sum of sent across the owner's campaigns, as a
 * whole percent, 0 when nothing was sent.
 */
export interface EmailSummaryResponse {
  totalCampaigns: number;
  subscribers: number;
  emailsSent: number;
  openRate: number;
}

/** Spec 001 §5: opens over sent across campaigns, rounded, as a percent; 0 with nothing sent. */
export function openRate(opens: number, sent: number): number {
  return sent > 0 ? Math.round((opens / sent) * 100) : 0;
}

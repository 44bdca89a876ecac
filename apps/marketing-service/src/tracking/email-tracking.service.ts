import { Injectable } from '@nestjs/common';
import type { EmailTrackingRequest, EmailTrackingResponse } from '@parley/contracts';
import { requireUuid } from '@parley/server-kit';
import { CampaignProgress } from '../sending/campaign-progress';
import { type CountedDelivery, EmailTrackingQueries } from './email-tracking.queries';

/**
 * Opens and clicks of a signed pixel or link (the gateway checked the signature; no owner asks): each
 * delivery counts its first of each, and the campaign's page hears of it over /ws.
 */
@Injectable()
export class EmailTrackingService {
  constructor(
    private readonly queries: EmailTrackingQueries,
    private readonly progress: CampaignProgress,
  ) {}

  async open(request: Partial<EmailTrackingRequest> | undefined): Promise<EmailTrackingResponse> {
    return this.counted(await this.queries.opened(deliveryOf(request)));
  }

  async click(request: Partial<EmailTrackingRequest> | undefined): Promise<EmailTrackingResponse> {
    return this.counted(await this.queries.clicked(deliveryOf(request)));
  }

  private counted(delivery: CountedDelivery | undefined): EmailTrackingResponse {
    if (delivery?.campaign_id) this.progress.changed(delivery.owner_id, delivery.campaign_id);
    return { counted: delivery !== undefined };
  }
}

function deliveryOf(request: Partial<EmailTrackingRequest> | undefined): string {
  return requireUuid(String(request?.deliveryId ?? ''), 'Delivery');
}

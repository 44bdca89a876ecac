/** What the gateway asks marketing-service once an unsubscribe link's signature checks out. */
export interface EmailUnsubscribeRequest {
  subscriberId: string;
  /** The campaign whose mail carried the link, if any (its delivery is marked unsubscribed). */
  campaignId?: string;
}

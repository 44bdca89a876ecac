/**
 * What the gateway asks marketing-service once an open pixel's or a tracked link's signature checks out
 * (docs/email.md, "Tracking"): the delivery whose mail it was.
 */
export interface EmailTrackingRequest {
  deliveryId: string;
}

/** Whether this was the delivery's first open (or click) and so raised its campaign's count. */
export interface EmailTrackingResponse {
  counted: boolean;
}

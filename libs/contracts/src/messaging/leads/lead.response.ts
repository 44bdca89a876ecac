/** A lead: opened when a customer reaches `interested` or later in the pipeline, or the AI rates them high. */
export interface LeadResponse {
  id: string;
  customerId: string;
  /** The platform the customer came through, or `manual`. */
  source: string;
  value: number | null;
  status: string;
  createdAt: string;
  /** The lead of a simulated (test) customer. */
  isTest: boolean;
}

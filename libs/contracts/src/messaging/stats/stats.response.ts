/** GET /api/stats. `conversionRate` in percent (0–100), `avgResponseTime` in seconds. */
export interface StatsResponse {
  totalMessages: number;
  newLeads: number;
  conversionRate: number;
  avgResponseTime: number;
}

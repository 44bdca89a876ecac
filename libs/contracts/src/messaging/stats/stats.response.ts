/**
 * GET /api/stats. `conversionRate` in percent (0–100), `avgResponseTime` in seconds. `needsHumanCount`: incoming
 * messages the agent could not answer that no person has answered since (no manual reply to that customer after it).
 */
export interface StatsResponse {
  totalMessages: number;
  newLeads: number;
  conversionRate: number;
  avgResponseTime: number;
  needsHumanCount: number;
}

/**
 * GET /api/stats (docs/inbox.md, "Dashboard figures"). `newLeads`: leads opened in the last NEW_LEADS_PERIOD_DAYS
 * days. `conversionRate` in percent (0–100, one decimal): customers at `converted` who have a lead, over customers
 * who have a lead. `avgResponseTime` in seconds. `needsHumanCount`: incoming messages the agent could not answer
 * that no person has answered since (no reply by a person to that customer after it).
 */
export interface StatsResponse {
  totalMessages: number;
  newLeads: number;
  conversionRate: number;
  avgResponseTime: number;
  needsHumanCount: number;
}

import type { CustomerStage } from '../customers/customer-stages';

/** A customer at one of these stages has a lead (docs/inbox.md). */
export const LEAD_STAGES: readonly CustomerStage[] = ['interested', 'qualified', 'follow-up', 'converted'];

/** New Leads on the dashboard counts the leads opened in the last this many days. */
export const NEW_LEADS_PERIOD_DAYS = 30;

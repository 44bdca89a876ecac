import type { ReportPeriod } from '@parley/contracts';

/** The byte-order mark that makes Excel read the file as UTF-8 (Arabic names, currency signs). */
const BOM = '\uFEFF';

/** One field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of fields as RFC 4180 text: CRLF after every record, the header included. */
export function csvText(rows: (string | number | null)[][]): string {
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

/** The columns of the export, in order: the heading and how a period gives the value. */
const COLUMNS: [string, (p: ReportPeriod) => string | number | null][] = [
  ['period_start', (p) => p.start],
  ['conversations_started', (p) => p.conversationsStarted],
  ['messages_in', (p) => p.messagesIn],
  ['messages_out', (p) => p.messagesOut],
  ['messages_out_ai', (p) => p.messagesOutAi],
  ['messages_out_person', (p) => p.messagesOutPerson],
  ['messages_out_away', (p) => p.messagesOutAway],
  ['first_response_ai_median_s', (p) => p.firstResponseTime.ai.median],
  ['first_response_ai_p90_s', (p) => p.firstResponseTime.ai.p90],
  ['first_response_person_median_s', (p) => p.firstResponseTime.person.median],
  ['first_response_person_p90_s', (p) => p.firstResponseTime.person.p90],
  ['response_ai_median_s', (p) => p.responseTime.ai.median],
  ['response_ai_p90_s', (p) => p.responseTime.ai.p90],
  ['response_person_median_s', (p) => p.responseTime.person.median],
  ['response_person_p90_s', (p) => p.responseTime.person.p90],
  ['ai_resolved_conversations', (p) => p.aiResolvedConversations],
  ['ai_resolution_rate_pct', (p) => p.aiResolutionRate],
  ['handed_off_conversations', (p) => p.handedOffConversations],
  ['handoff_rate_pct', (p) => p.handoffRate],
  ['unanswered_conversations', (p) => p.unansweredConversations],
  ['leads_opened', (p) => p.leadsOpened],
  ['leads_value', (p) => p.leadsValue],
  ['converted_customers', (p) => p.convertedCustomers],
  ['ai_calls', (p) => p.aiCalls],
];

/**
 * The time series as a CSV file (RFC 4180, UTF-8 with a BOM): a header, then one record per period. Every value
 * is a date or a number produced here (no text of a customer's), so no cell can start a spreadsheet formula.
 */
export function reportCsv(periods: ReportPeriod[]): string {
  return (
    BOM +
    csvText([
      COLUMNS.map(([heading]) => heading),
      ...periods.map((p) => COLUMNS.map(([, value]) => value(p))),
    ])
  );
}

/**
 * docs/reports.md's definitions, written once more in plain TypeScript over a history held in memory, so that a
 * test can compute each figure it expects from the definition rather than from the SQL it checks. Local days come
 * from Intl (the runtime's time-zone data), not from PostgreSQL.
 */
import {
  CUSTOMER_STAGES,
  type CustomerStage,
  type ReportFigures,
  RESPONSE_TIME_SCALE,
  type ResponseTimeFigure,
} from '@parley/contracts';

export interface ModelMessage {
  id: string;
  customerId: string;
  platform: string;
  at: Date;
  incoming: boolean;
  ai: boolean;
  away: boolean;
  needsHuman: boolean;
  isTest: boolean;
}

export interface ModelHistory {
  timeZone: string;
  now: Date;
  messages: ModelMessage[];
  /** Per customer: their platform, whether they are test data, and when the owner closed their conversation. */
  customers: Map<string, { platform: string; isTest: boolean; closedAt: Date | null }>;
  leads: { customerId: string; at: Date; value: number | null }[];
  stageChanges: { customerId: string; to: CustomerStage; at: Date }[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The step of the scale a time falls in, and that step's upper end: written here from the definition. */
export function roundUpToScale(seconds: number): number {
  const next = RESPONSE_TIME_SCALE.find((bound) => bound > seconds);
  return next ?? RESPONSE_TIME_SCALE[RESPONSE_TIME_SCALE.length - 1];
}

function timeFigure(samples: number[]): ResponseTimeFigure {
  if (samples.length === 0) return { count: 0, median: null, p90: null };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (rank: number) => roundUpToScale(sorted[rank - 1]);
  return {
    count: samples.length,
    median: at(Math.ceil(samples.length / 2)),
    p90: at(Math.ceil((9 * samples.length) / 10)),
  };
}

function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

const isReply = (m: ModelMessage) => !m.incoming && !m.away;
const level = (stage: CustomerStage) => CUSTOMER_STAGES.indexOf(stage);

/** Facts, each with the local day and platform it counts on. */
interface Fact {
  day: string;
  platform: string;
  isTest: boolean;
}

interface Facts {
  messages: (Fact & { kind: 'in' | 'ai' | 'person' | 'away' })[];
  conversations: (Fact & {
    unanswered: boolean;
    handedOff: boolean;
    aiResolved: boolean;
    first: { ai: boolean; seconds: number } | null;
  })[];
  replies: (Fact & { ai: boolean; seconds: number })[];
  leads: (Fact & { value: number })[];
  reached: (Fact & { level: number })[];
}

/** Every fact of the history, by the definitions of docs/reports.md. */
export function factsOf(history: ModelHistory): Facts {
  const { timeZone } = history;
  const day = (at: Date) => localDay(at, timeZone);
  const byCustomer = new Map<string, ModelMessage[]>();
  for (const m of history.messages)
    byCustomer.set(m.customerId, [...(byCustomer.get(m.customerId) ?? []), m]);
  const facts: Facts = { messages: [], conversations: [], replies: [], leads: [], reached: [] };

  for (const m of history.messages) {
    const kind = m.incoming ? 'in' : m.away ? 'away' : m.ai ? 'ai' : 'person';
    facts.messages.push({ day: day(m.at), platform: m.platform, isTest: m.isTest, kind });
  }

  for (const [customerId, unsorted] of byCustomer) {
    const thread = [...unsorted].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
    // Conversations start at an incoming message with no message either way in the 24 hours before it.
    const starts = thread.filter(
      (m, i) => m.incoming && (i === 0 || m.at.getTime() - thread[i - 1].at.getTime() >= DAY),
    );
    starts.forEach((start, s) => {
      const next = starts[s + 1];
      const end = Math.min(next ? next.at.getTime() : Infinity, start.at.getTime() + 7 * DAY);
      const inside = thread.filter((m) => m.at.getTime() >= start.at.getTime() && m.at.getTime() < end);
      const replies = inside.filter(isReply);
      const personReplied = replies.some((m) => !m.ai);
      const aiReplied = replies.some((m) => m.ai);
      const neededPerson = inside.some((m) => m.incoming && m.needsHuman);
      const last = inside[inside.length - 1];
      const after = thread.find((m) => m.at.getTime() > last.at.getTime());
      const closedAt = history.customers.get(customerId)?.closedAt ?? null;
      const ended = after
        ? after.at.getTime() - last.at.getTime() >= DAY
        : history.now.getTime() - last.at.getTime() >= DAY || (closedAt !== null && closedAt >= last.at);
      facts.conversations.push({
        day: day(start.at),
        platform: start.platform,
        isTest: start.isTest,
        unanswered: replies.length === 0,
        handedOff: personReplied || neededPerson,
        aiResolved: aiReplied && !personReplied && !neededPerson && ended,
        first: replies[0]
          ? { ai: replies[0].ai, seconds: (replies[0].at.getTime() - start.at.getTime()) / 1000 }
          : null,
      });
    });
    // A reply's response time: from the oldest customer message since the previous reply, within 7 days.
    let waiting: ModelMessage[] = [];
    for (const m of thread) {
      if (m.incoming) waiting.push(m);
      else if (isReply(m)) {
        const recent = waiting.filter((w) => w.at.getTime() >= m.at.getTime() - 7 * DAY);
        if (recent.length > 0)
          facts.replies.push({
            day: day(m.at),
            platform: m.platform,
            isTest: m.isTest,
            ai: m.ai,
            seconds: (m.at.getTime() - recent[0].at.getTime()) / 1000,
          });
        waiting = [];
      }
    }
  }

  for (const lead of history.leads) {
    const customer = history.customers.get(lead.customerId);
    if (!customer) throw new Error('a lead of no customer');
    facts.leads.push({
      day: day(lead.at),
      platform: customer.platform,
      isTest: customer.isTest,
      value: lead.value ?? 0,
    });
  }

  for (const [customerId, customer] of history.customers) {
    const changes = history.stageChanges.filter((c) => c.customerId === customerId);
    for (let j = 0; j < CUSTOMER_STAGES.length; j++) {
      const reaching = changes.filter((c) => level(c.to) >= j).map((c) => c.at.getTime());
      if (reaching.length === 0) continue;
      facts.reached.push({
        day: day(new Date(Math.min(...reaching))),
        platform: customer.platform,
        isTest: customer.isTest,
        level: j,
      });
    }
  }
  return facts;
}

/** Which facts a figure counts: the days from..to, one platform or all, with test data or not. */
export interface ModelFilter {
  from: string;
  to: string;
  platform?: string;
  includeTest?: boolean;
}

function keep(filter: ModelFilter) {
  return (fact: Fact) =>
    fact.day >= filter.from &&
    fact.day <= filter.to &&
    (filter.platform === undefined || fact.platform === filter.platform) &&
    (filter.includeTest !== false || !fact.isTest);
}

/** The figures docs/reports.md defines, over the facts the filter keeps. */
export function figuresOf(facts: Facts, filter: ModelFilter): ReportFigures {
  const k = keep(filter);
  const messages = facts.messages.filter(k);
  const conversations = facts.conversations.filter(k);
  const replies = facts.replies.filter(k);
  const leads = facts.leads.filter(k);
  const count = (kind: string) => messages.filter((m) => m.kind === kind).length;
  const started = conversations.length;
  const resolved = conversations.filter((c) => c.aiResolved).length;
  const handedOff = conversations.filter((c) => c.handedOff).length;
  const firsts = (ai: boolean) =>
    conversations.flatMap((c) => (c.first && c.first.ai === ai ? [c.first.seconds] : []));
  return {
    conversationsStarted: started,
    messagesIn: count('in'),
    messagesOut: count('ai') + count('person') + count('away'),
    messagesOutAi: count('ai'),
    messagesOutPerson: count('person'),
    messagesOutAway: count('away'),
    unansweredConversations: conversations.filter((c) => c.unanswered).length,
    handedOffConversations: handedOff,
    aiResolvedConversations: resolved,
    aiResolutionRate: rate(resolved, started),
    handoffRate: rate(handedOff, started),
    leadsOpened: leads.length,
    leadsValue: Math.round(leads.reduce((sum, l) => sum + l.value, 0) * 100) / 100,
    convertedCustomers: facts.reached.filter(k).filter((r) => r.level === 4).length,
    firstResponseTime: { ai: timeFigure(firsts(true)), person: timeFigure(firsts(false)) },
    responseTime: {
      ai: timeFigure(replies.filter((r) => r.ai).map((r) => r.seconds)),
      person: timeFigure(replies.filter((r) => !r.ai).map((r) => r.seconds)),
    },
    aiCalls: count('ai'),
  };
}

/** Customers who first reached each stage (or a later one) in the filter's days, in CUSTOMER_STAGES order. */
export function reachedOf(facts: Facts, filter: ModelFilter): number[] {
  const kept = facts.reached.filter(keep(filter));
  return CUSTOMER_STAGES.map((_, j) => kept.filter((r) => r.level === j).length);
}

/** The platforms with any fact in the filter's days. */
export function platformsOf(facts: Facts, filter: ModelFilter): string[] {
  const k = keep(filter);
  const all = [...facts.messages, ...facts.leads, ...facts.reached].filter(k).map((f) => f.platform);
  return [...new Set(all)].sort();
}

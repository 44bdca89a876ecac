import {
  addDays,
  CUSTOMER_STAGES,
  type CustomerStage,
  MESSAGING_SUBJECTS,
  type ReportChannelsResponse,
  type ReportExport,
  type ReportFunnelResponse,
  type ReportOverviewResponse,
  type ReportTimeseriesResponse,
  RESPONSE_TIME_SCALE,
  responseTimeStep,
  type StatsResponse,
} from '@parley/contracts';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { MessagingTestKit } from './messaging-test-kit';
import {
  factsOf,
  figuresOf,
  localDay,
  type ModelHistory,
  type ModelMessage,
  platformsOf,
  reachedOf,
  roundUpToScale,
} from './report-model';

const kit = MessagingTestKit.start('reports-test');

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A small seeded generator (mulberry32), so a failing history can be built again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes a history straight into the raw tables, as the service's statements would have stored it. */
class HistoryBuilder {
  readonly history: ModelHistory;

  constructor(
    readonly owner: string,
    timeZone: string,
  ) {
    this.history = {
      timeZone,
      now: new Date(),
      messages: [],
      customers: new Map(),
      leads: [],
      stageChanges: [],
    };
  }

  async customer(platform: string, createdAt: Date, isTest = false): Promise<string> {
    const id = randomUUID();
    await kit.db.query(
      `insert into messaging_service.customers (id, owner_id, name, platform, platform_username, created_at, is_test)
       values ($1, $2, 'Customer', $3, $4, $5, $6)`,
      [id, this.owner, platform, `u${id.slice(0, 8)}`, createdAt, isTest],
    );
    this.history.customers.set(id, { platform, isTest, closedAt: null });
    // The trigger on customers recorded that they reached `new` when added.
    this.history.stageChanges.push({ customerId: id, to: 'new', at: createdAt });
    return id;
  }

  async message(customerId: string, at: Date, kind: 'in' | 'ai' | 'person' | 'away', needsHuman = false) {
    const customer = this.history.customers.get(customerId);
    if (!customer) throw new Error('unknown customer');
    const id = randomUUID();
    await kit.db.query(
      `insert into messaging_service.messages
         (id, owner_id, customer_id, platform, content, direction, status, ai_generated, needs_human, metadata, timestamp, is_test)
       values ($1, $2, $3, $4, 'text', $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        this.owner,
        customerId,
        customer.platform,
        kind === 'in' ? 'incoming' : 'outgoing',
        kind === 'in' ? 'responded' : 'sent',
        kind === 'ai',
        needsHuman,
        kind === 'away' ? { awayMessage: true } : null,
        at,
        customer.isTest,
      ],
    );
    const message: ModelMessage = {
      id,
      customerId,
      platform: customer.platform,
      at,
      incoming: kind === 'in',
      ai: kind === 'ai',
      away: kind === 'away',
      needsHuman,
      isTest: customer.isTest,
    };
    this.history.messages.push(message);
  }

  async lead(customerId: string, at: Date, value: number | null) {
    await kit.db.query(
      `insert into messaging_service.leads (id, owner_id, customer_id, source, value, status, created_at)
       values ($1, $2, $3, 'instagram', $4, 'qualified', $5)`,
      [randomUUID(), this.owner, customerId, value, at],
    );
    this.history.leads.push({ customerId, at, value });
  }

  /** A stage reached at `at` (stage_changes as the trigger writes it on a move). */
  async stage(customerId: string, to: CustomerStage, at: Date) {
    await kit.db.query(
      `insert into messaging_service.stage_changes (owner_id, customer_id, from_stage, to_stage, at)
       values ($1, $2, null, $3, $4)`,
      [this.owner, customerId, to, at],
    );
    this.history.stageChanges.push({ customerId, to, at });
  }

  async close(customerId: string, at: Date) {
    await kit.db.query('update messaging_service.conversations set closed_at = $2 where customer_id = $1', [
      customerId,
      at,
    ]);
    const customer = this.history.customers.get(customerId);
    if (customer) customer.closedAt = at;
  }

  /** Stage rows written by hand here bypass the triggers' marks: the whole history is folded again. */
  async done() {
    await kit.db.query('insert into messaging_service.report_dirty (owner_id, at) values ($1, null)', [
      this.owner,
    ]);
    this.history.now = new Date();
  }
}

const COMPANY = { companyName: 'Olive & Thread', companyDescription: 'Linen clothes.', autoRespond: false };

/** A new owner whose AI does not answer, in `timeZone`. */
async function ownerIn(timeZone: string): Promise<string> {
  const owner = randomUUID();
  await kit.send(MESSAGING_SUBJECTS.saveAiConfig, owner, { ...COMPANY, timeZone });
  return owner;
}

/** A random but repeatable history of `customers` customers over `days` days from `start` (UTC). */
async function randomHistory(
  builder: HistoryBuilder,
  seed: number,
  start: Date,
  days: number,
  customers = 9,
) {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const gaps = [20_000, 3 * MINUTE, 47 * MINUTE, 5 * HOUR, 23.5 * HOUR, 25 * HOUR, 3 * 24 * HOUR];
  for (let c = 0; c < customers; c++) {
    const platform = pick(['instagram', 'whatsapp', 'facebook'] as const);
    let at = start.getTime() + Math.floor(next() * days * 24 * HOUR * 0.7) + c * 997;
    const id = await builder.customer(platform, new Date(at - HOUR), c === customers - 1);
    const events = 4 + Math.floor(next() * 14);
    for (let e = 0; e < events; e++) {
      at += pick(gaps) + Math.floor(next() * 50_000);
      const roll = next();
      const kind = e === 0 || roll < 0.5 ? 'in' : roll < 0.78 ? 'ai' : roll < 0.93 ? 'person' : 'away';
      await builder.message(id, new Date(at), kind, kind === 'in' && next() < 0.15);
      if (next() < 0.08)
        await builder.lead(id, new Date(at + 1000), next() < 0.3 ? null : Math.round(next() * 90_000) / 100);
      if (next() < 0.12) await builder.stage(id, pick(CUSTOMER_STAGES), new Date(at + 2000));
    }
    if (next() < 0.3) await builder.close(id, new Date(at + 5 * MINUTE));
  }
}

const overview = (owner: string, query: Record<string, string>) =>
  kit.send<ReportOverviewResponse>(MESSAGING_SUBJECTS.reportOverview, owner, query);

/** Every check of the figures for one range: overview, time series by day and week, funnel, channels, CSV. */
async function expectReportsToFollowTheDefinitions(
  owner: string,
  history: ModelHistory,
  from: string,
  to: string,
) {
  const facts = factsOf(history);
  const length = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const previous = { from: addDays(from, -length), to: addDays(from, -1) };

  const all = await overview(owner, { from, to });
  expect(all).toMatchObject({
    from,
    to,
    previousFrom: previous.from,
    previousTo: previous.to,
    timeZone: history.timeZone,
  });
  expect(all.current).toEqual(figuresOf(facts, { from, to }));
  expect(all.previous).toEqual(figuresOf(facts, previous));
  // Something was counted, so the comparison is not between two empty periods.
  expect(all.current.messagesIn).toBeGreaterThan(5);
  expect(all.current.conversationsStarted).toBeGreaterThan(3);

  const real = await overview(owner, { from, to, includeTest: 'false' });
  expect(real.current).toEqual(figuresOf(facts, { from, to, includeTest: false }));
  for (const platform of ['instagram', 'whatsapp']) {
    const one = await overview(owner, { from, to, platform });
    expect({ platform, figures: one.current }).toEqual({
      platform,
      figures: figuresOf(facts, { from, to, platform }),
    });
  }

  const daily = await kit.send<ReportTimeseriesResponse>(MESSAGING_SUBJECTS.reportTimeseries, owner, {
    from,
    to,
  });
  expect(daily.periods.map((p) => p.start)).toEqual(Array.from({ length }, (_, i) => addDays(from, i)));
  for (const period of daily.periods) {
    const { start, ...figures } = period;
    expect({ start, figures }).toEqual({ start, figures: figuresOf(facts, { from: start, to: start }) });
  }

  const weekly = await kit.send<ReportTimeseriesResponse>(MESSAGING_SUBJECTS.reportTimeseries, owner, {
    from,
    to,
    granularity: 'week',
  });
  const starts = weekly.periods.map((p) => p.start);
  expect(starts[0]).toBe(from);
  for (const [i, period] of weekly.periods.entries()) {
    const { start, ...figures } = period;
    const end = i + 1 < starts.length ? addDays(starts[i + 1], -1) : to;
    // A week after the first starts on a Monday.
    if (i > 0) expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect({ start, figures }).toEqual({ start, figures: figuresOf(facts, { from: start, to: end }) });
  }

  const funnel = await kit.send<ReportFunnelResponse>(MESSAGING_SUBJECTS.reportFunnel, owner, { from, to });
  const reached = reachedOf(facts, { from, to });
  expect(funnel.stages).toEqual(
    CUSTOMER_STAGES.map((stage, i) => ({
      stage,
      reached: reached[i],
      previousReached: reachedOf(facts, previous)[i],
      conversionToNext:
        i === CUSTOMER_STAGES.length - 1 || reached[i] === 0
          ? null
          : Math.round((reached[i + 1] / reached[i]) * 1000) / 10,
    })),
  );

  const channels = await kit.send<ReportChannelsResponse>(MESSAGING_SUBJECTS.reportChannels, owner, {
    from,
    to,
  });
  expect(channels.channels.map((c) => c.platform).sort()).toEqual(platformsOf(facts, { from, to }));
  for (const { platform, ...figures } of channels.channels)
    expect({ platform, figures }).toEqual({ platform, figures: figuresOf(facts, { from, to, platform }) });

  const file = await kit.send<ReportExport>(MESSAGING_SUBJECTS.reportExport, owner, { from, to });
  expect(file.csv.startsWith('\uFEFF')).toBe(true);
  const records = parse(file.csv.slice(1), { columns: true }) as Record<string, string>[];
  expect(records.map((r) => r.period_start)).toEqual(daily.periods.map((p) => p.start));
  expect(records.map((r) => Number(r.messages_in))).toEqual(daily.periods.map((p) => p.messagesIn));
  expect(records.map((r) => r.first_response_ai_median_s)).toEqual(
    daily.periods.map((p) =>
      p.firstResponseTime.ai.median === null ? '' : String(p.firstResponseTime.ai.median),
    ),
  );
}

describe('reports (docs/reports.md)', () => {
  it('uses the scale PostgreSQL steps times on, stepping at each bound', async () => {
    const { rows } = await kit.db.query<{ scale: number[] }>(
      'select messaging_service.report_time_scale() as scale',
    );
    expect(rows[0].scale).toEqual([...RESPONSE_TIME_SCALE]);
    const samples = [0, 0.5, 1, 1.999, 2, 29.9, 30, 30.001, 86_399, 86_400, 604_799.5, 604_800];
    const { rows: steps } = await kit.db.query<{ step: number }>(
      'select width_bucket(t, messaging_service.report_time_scale()) as step from unnest($1::float8[]) t',
      [samples],
    );
    expect(steps.map((s) => s.step)).toEqual(samples.map(responseTimeStep));
    expect(samples.map(roundUpToScale)).toEqual([
      1, 1, 2, 2, 3, 30, 45, 45, 86_400, 172_800, 604_800, 604_800,
    ]);
  });

  it.each([
    // The spring change in New York: 8 March 2026 has 23 hours.
    ['America/New_York', '2026-03-01', '2026-03-16', Date.UTC(2026, 1, 20), 11],
    // The autumn change in Madrid: 25 October 2026 has 25 hours.
    ['Europe/Madrid', '2026-10-19', '2026-11-01', Date.UTC(2026, 9, 8), 12],
    // Half an hour off UTC, no change of clocks.
    ['Asia/Kolkata', '2026-06-01', '2026-06-14', Date.UTC(2026, 4, 22), 13],
  ])('counts every figure as defined, in %s days', async (timeZone, from, to, start, seed) => {
    const owner = await ownerIn(timeZone);
    const builder = new HistoryBuilder(owner, timeZone);
    await randomHistory(builder, seed, new Date(start), 30);
    await builder.done();
    await expectReportsToFollowTheDefinitions(owner, builder.history, from, to);
  });

  it("counts a message on the local day it was written, across a 23-hour day's two midnights", async () => {
    const owner = await ownerIn('America/New_York');
    const builder = new HistoryBuilder(owner, 'America/New_York');
    const id = await builder.customer('instagram', new Date('2026-03-06T12:00:00Z'));
    // 23:59:59 EST on 7 March, 00:00:01 EST on 8 March, 23:59:59 EDT on 8 March, 00:00:01 EDT on 9 March.
    const times = [
      '2026-03-08T04:59:59Z',
      '2026-03-08T05:00:01Z',
      '2026-03-09T03:59:59Z',
      '2026-03-09T04:00:01Z',
    ];
    for (const at of times) await builder.message(id, new Date(at), 'in');
    await builder.done();
    expect(times.map((t) => localDay(new Date(t), 'America/New_York'))).toEqual([
      '2026-03-07',
      '2026-03-08',
      '2026-03-08',
      '2026-03-09',
    ]);
    const series = await kit.send<ReportTimeseriesResponse>(MESSAGING_SUBJECTS.reportTimeseries, owner, {
      from: '2026-03-07',
      to: '2026-03-09',
    });
    expect(series.periods.map((p) => [p.start, p.messagesIn])).toEqual([
      ['2026-03-07', 1],
      ['2026-03-08', 2],
      ['2026-03-09', 1],
    ]);

    // A new time zone moves every day boundary: the history is counted again in it.
    await kit.send(MESSAGING_SUBJECTS.saveAiConfig, owner, { ...COMPANY, timeZone: 'UTC' });
    const utc = await kit.send<ReportTimeseriesResponse>(MESSAGING_SUBJECTS.reportTimeseries, owner, {
      from: '2026-03-07',
      to: '2026-03-09',
    });
    expect(utc.timeZone).toBe('UTC');
    expect(utc.periods.map((p) => [p.start, p.messagesIn])).toEqual([
      ['2026-03-07', 0],
      ['2026-03-08', 2],
      ['2026-03-09', 2],
    ]);
  });

  it('resolves a conversation the owner closed, and one quiet for 24 hours, but not one still going', async () => {
    const owner = await ownerIn('UTC');
    const builder = new HistoryBuilder(owner, 'UTC');
    const now = Date.now();
    const closed = await builder.customer('instagram', new Date(now - 3 * HOUR));
    await builder.message(closed, new Date(now - 2 * HOUR), 'in');
    await builder.message(closed, new Date(now - 2 * HOUR + 5000), 'ai');
    await builder.close(closed, new Date(now - HOUR));
    const going = await builder.customer('instagram', new Date(now - 3 * HOUR));
    await builder.message(going, new Date(now - 2 * HOUR), 'in');
    await builder.message(going, new Date(now - 2 * HOUR + 7000), 'ai');
    const quiet = await builder.customer('whatsapp', new Date(now - 50 * HOUR));
    await builder.message(quiet, new Date(now - 30 * HOUR), 'in');
    await builder.message(quiet, new Date(now - 30 * HOUR + 9000), 'ai');
    await builder.done();
    const today = localDay(new Date(), 'UTC');
    const answer = await overview(owner, { from: addDays(today, -3), to: today });
    expect(answer.current).toMatchObject({
      conversationsStarted: 3,
      aiResolvedConversations: 2,
      aiResolutionRate: 66.7,
    });
    expect(answer.current).toEqual(
      figuresOf(factsOf(builder.history), { from: addDays(today, -3), to: today }),
    );
  });

  it('keeps the rollups equal to a rebuild from the raw tables after a random mix of ingests, replies, moves and closes', async () => {
    const owner = await ownerIn('Europe/Madrid');
    const next = random(7);
    const customers: string[] = [];
    for (let i = 0; i < 120; i++) {
      const roll = next();
      if (customers.length === 0 || roll < 0.45) {
        const sent = await kit.ingest(owner, {
          platform: next() < 0.5 ? 'instagram' : 'whatsapp',
          platformUsername: `c${Math.floor(next() * 12)}`,
          senderName: 'Ana',
          content: 'Do you have it in blue?',
        });
        if (!customers.includes(sent.customerId)) customers.push(sent.customerId);
      } else if (roll < 0.7) {
        await kit.send(MESSAGING_SUBJECTS.replyToCustomer, owner, {
          customerId: customers[Math.floor(next() * customers.length)],
          content: 'Yes, we do.',
        });
      } else if (roll < 0.85) {
        await kit.send(MESSAGING_SUBJECTS.updateCustomer, owner, {
          id: customers[Math.floor(next() * customers.length)],
          changes: { stage: CUSTOMER_STAGES[Math.floor(next() * CUSTOMER_STAGES.length)] },
        });
      } else {
        await kit.send(MESSAGING_SUBJECTS.updateConversation, owner, {
          customerId: customers[Math.floor(next() * customers.length)],
          changes: { closed: next() < 0.7 },
        });
      }
      // Part of the marks are folded by the background pass along the way, part by the report at the end.
      if (i % 40 === 39) await kit.db.query('select messaging_service.report_fold($1, true)', [owner]);
    }
    const today = localDay(new Date(), 'Europe/Madrid');
    const answer = await overview(owner, { from: addDays(today, -1), to: addDays(today, 1) });
    expect(answer.current.messagesIn).toBeGreaterThan(20);
    expect(answer.current.messagesOutPerson).toBeGreaterThan(10);

    const rows = async () => {
      const days = await kit.db.query(
        `select * from messaging_service.report_days where owner_id = $1 order by day, platform, is_test`,
        [owner],
      );
      const times = await kit.db.query(
        `select day, platform, is_test, kind, bucket, n from messaging_service.report_response_days
          where owner_id = $1 order by day, platform, is_test, kind, bucket`,
        [owner],
      );
      return { days: days.rows, times: times.rows };
    };
    const folded = await rows();
    expect(folded.days.length).toBeGreaterThan(0);
    await kit.db.query('select messaging_service.report_rebuild($1)', [owner]);
    expect(await rows()).toEqual(folded);

    // The funnel counts the moves made through the service (stage_changes, written by the trigger).
    const { rows: moved } = await kit.db.query<{ n: string }>(
      `select count(distinct customer_id) as n from messaging_service.stage_changes
        where owner_id = $1 and to_stage = 'converted'`,
      [owner],
    );
    const funnel = await kit.send<ReportFunnelResponse>(MESSAGING_SUBJECTS.reportFunnel, owner, {
      from: addDays(today, -1),
      to: addDays(today, 1),
    });
    expect(funnel.stages[4].reached).toBe(Number(moved[0].n));
  });

  it("never counts another owner's data, whatever the filters", async () => {
    const mine = await ownerIn('UTC');
    const theirs = await ownerIn('UTC');
    const today = localDay(new Date(), 'UTC');
    await kit.ingest(theirs, { platformUsername: 'same.name', content: 'Hello' });
    await kit.ingest(theirs, { platformUsername: 'same.name', content: 'Anyone there?' });
    await kit.ingest(mine, { platformUsername: 'same.name', content: 'Hello' });
    const queries: Record<string, string>[] = [
      {},
      { platform: 'instagram' },
      { includeTest: 'false' },
      { includeTest: 'true' },
    ];
    for (const query of queries) {
      const answer = await overview(mine, { from: today, to: today, ...query });
      const expected = query.includeTest === 'false' ? 0 : 1;
      expect({ query, messagesIn: answer.current.messagesIn }).toEqual({ query, messagesIn: expected });
    }
    const channels = await kit.send<ReportChannelsResponse>(MESSAGING_SUBJECTS.reportChannels, mine, {
      from: today,
      to: today,
    });
    expect(channels.channels.map((c) => [c.platform, c.messagesIn])).toEqual([['instagram', 1]]);
    const theirAnswer = await overview(theirs, { from: today, to: today });
    expect(theirAnswer.current.messagesIn).toBe(2);
  });

  it('refuses a bad range naming the field, and reads nothing for it', async () => {
    const owner = await ownerIn('UTC');
    const refused = async (query: Record<string, unknown>) => {
      try {
        await overview(owner, query as Record<string, string>);
      } catch (error) {
        return error as { code: string; details?: { field?: string } };
      }
      throw new Error(`accepted ${JSON.stringify(query)}`);
    };
    expect(await refused({ from: '2026-03-02', to: '2026-03-01' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'from' },
    });
    expect(await refused({ from: '2025-01-01', to: '2026-02-05' })).toMatchObject({
      details: { field: 'to' },
    });
    expect(await refused({ from: '2026-02-30', to: '2026-03-01' })).toMatchObject({
      details: { field: 'from' },
    });
    expect(await refused({ from: '2026-03-01', to: '2026-03-02', granularity: 'month' })).toMatchObject({
      details: { field: 'granularity' },
    });
    expect(await refused({ from: '2026-03-01', to: '2026-03-02', platform: 'telegram' })).toMatchObject({
      details: { field: 'platform' },
    });
    // 400 days exactly is allowed.
    const longest = await overview(owner, { from: '2025-01-01', to: '2026-02-04' });
    expect(longest.previousTo).toBe('2024-12-31');
  });

  it("counts GET /api/stats's messages and new leads as the reports count them", async () => {
    const owner = await ownerIn('UTC');
    const builder = new HistoryBuilder(owner, 'UTC');
    await randomHistory(builder, 21, new Date(Date.now() - 120 * 24 * HOUR), 10, 6);
    const [someone] = builder.history.customers.keys();
    await builder.lead(someone, new Date(Date.now() - 5 * 24 * HOUR), 120);
    await builder.lead(someone, new Date(Date.now() - 40 * 24 * HOUR), 80);
    await builder.done();
    const today = localDay(new Date(), 'UTC');
    const stats = await kit.send<StatsResponse>(MESSAGING_SUBJECTS.getStats, owner, {});
    const all = await overview(owner, { from: addDays(today, -150), to: today });
    expect(stats.totalMessages).toBe(all.current.messagesIn + all.current.messagesOut);
    const since = Date.now() - 30 * 24 * HOUR;
    const recent = builder.history.leads.filter((l) => l.at.getTime() > since).length;
    expect(recent).toBeGreaterThan(0);
    expect(stats.newLeads).toBe(recent);
    expect(all.current.leadsOpened).toBe(builder.history.leads.length);
  });
});

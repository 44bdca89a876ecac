import type { ReportOverviewResponse } from '@parley/contracts';
import type { SmtpSink, TestInfra } from '@parley/server-kit/testing';
import { parse } from 'csv-parse/sync';
import { signedInOwner } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

/**
 * The reports through the gateway (issue 34; docs/reports.md): a simulated conversation counted, the CSV file as
 * Excel needs it, and a bad range refused naming the field. The figures' definitions are tested in
 * messaging-service's reports.integration-spec.
 */
describe('GET /api/reports/*', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let cookie: string;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const range = () => `from=${day(-1)}&to=${day(1)}`;

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack());
    ({ cookie } = await signedInOwner(stack.url, smtp, 'reports@olive.example'));
    await call(`${stack.url}/api/ai-config`, {
      method: 'PUT',
      cookie,
      body: { companyName: 'Olive & Thread', companyDescription: 'Linen clothes.', autoRespond: false },
    });
    for (const content of ['¿Tenéis la camisa en azul?', 'هل يتوفر باللون الأزرق؟'])
      await call(`${stack.url}/api/simulate-message`, {
        cookie,
        body: { platform: 'whatsapp', content, platformUsername: '+34600111222', senderName: 'Lucía' },
      });
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  it('counts a simulated conversation, compared with the period before', async () => {
    const res = await call<ReportOverviewResponse>(`${stack.url}/api/reports/overview?${range()}`, {
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: day(-1), to: day(1), previousTo: day(-2), timeZone: 'UTC' });
    expect(res.body.current).toMatchObject({
      conversationsStarted: 1,
      messagesIn: 2,
      unansweredConversations: 1,
    });
    expect(res.body.previous).toMatchObject({ conversationsStarted: 0, messagesIn: 0 });
    const hidden = await call<ReportOverviewResponse>(
      `${stack.url}/api/reports/overview?${range()}&includeTest=false`,
      {
        cookie,
      },
    );
    expect(hidden.body.current.messagesIn).toBe(0);
  });

  it('downloads the time series as RFC 4180 CSV in UTF-8 with a byte-order mark', async () => {
    const res = await fetch(`${stack.url}/api/reports/export.csv?${range()}&platform=whatsapp`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="parley-report-${day(-1)}-to-${day(1)}-day-whatsapp.csv"`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parse(text, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.period_start)).toEqual([day(-1), day(0), day(1)]);
    expect(records.map((r) => r.messages_in)).toEqual(['0', '2', '0']);
  });

  it('refuses a range that runs backwards or past 400 days, naming the field', async () => {
    for (const [query, field, message] of [
      [`from=${day(0)}&to=${day(-1)}`, 'from', 'From must be on or before To'],
      [`from=${day(-400)}&to=${day(0)}`, 'to', 'The range must be at most 400 days'],
      [`to=${day(0)}`, 'from', 'From is required'],
      [`from=${day(0)}&to=tomorrow`, 'to', 'To must be a date, YYYY-MM-DD'],
    ] as const) {
      for (const path of ['overview', 'timeseries', 'funnel', 'channels', 'export.csv']) {
        const res = await call(`${stack.url}/api/reports/${path}?${query}`, { cookie });
        expect({ path, query, status: res.status, body: res.body }).toMatchObject({
          path,
          query,
          status: 400,
          body: { code: 'VALIDATION_FAILED', field, message },
        });
      }
    }
    const longest = await call(`${stack.url}/api/reports/overview?from=${day(-399)}&to=${day(0)}`, {
      cookie,
    });
    expect(longest.status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await call(`${stack.url}/api/reports/overview?${range()}`);
    expect(res.status).toBe(401);
  });
});

import {
  addDays,
  CUSTOMER_STAGES,
  type ReportChannelsResponse,
  type ReportFigures,
  type ReportFunnelResponse,
  type ReportOverviewResponse,
  type ReportPeriod,
  type ReportRange,
  type ReportTimeseriesResponse,
} from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseOption } from '../../../test/antd';
import { type FakeRoutes, json, queryOf, requestsTo } from '../../../test/fake-api';
import { anAiConfig } from '../../../test/fixtures/ai-config';
import { NO_TIME, reportFigures } from '../../../test/fixtures/reports';
import { renderSignedIn, ada } from '../../../test/render-app';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { localToday } from '../report-format';

const figures = reportFigures;

/** What the reports answer for the range the page asks: `periods` day by day from `from`, empty ones zero. */
function fakeReports({
  current = figures(),
  previous = figures(),
  days = {},
  reached = [0, 0, 0, 0, 0],
  channels = [],
}: {
  current?: ReportFigures;
  previous?: ReportFigures;
  days?: Record<number, Partial<ReportFigures>>;
  reached?: number[];
  channels?: ReportChannelsResponse['channels'];
}): FakeRoutes {
  const range = (request: Request): ReportRange => {
    const { from, to, platform } = queryOf(request);
    return {
      from,
      to,
      previousFrom: addDays(from, -30),
      previousTo: addDays(from, -1),
      timeZone: 'Europe/Madrid',
      platform: platform ?? null,
      includeTest: true,
    };
  };
  return {
    'GET /api/ai-config': () => json(200, anAiConfig({ currency: 'EUR' })),
    'GET /api/reports/overview': (request) =>
      json(200, { ...range(request), current, previous, plan: null } satisfies ReportOverviewResponse),
    'GET /api/reports/timeseries': (request) => {
      const { from, to } = range(request);
      const periods: ReportPeriod[] = [];
      for (let day = 0, start = from; start <= to; day++, start = addDays(start, 1)) {
        periods.push({ start, ...figures(days[day]) });
      }
      return json(200, { ...range(request), granularity: 'day', periods } satisfies ReportTimeseriesResponse);
    },
    'GET /api/reports/funnel': (request) =>
      json(200, {
        ...range(request),
        stages: CUSTOMER_STAGES.map((stage, index) => ({
          stage,
          reached: reached[index],
          previousReached: 0,
          conversionToNext:
            index < 4 && reached[index] > 0
              ? Math.round((reached[index + 1] / reached[index]) * 1000) / 10
              : null,
        })),
      } satisfies ReportFunnelResponse),
    'GET /api/reports/channels': (request) =>
      json(200, { ...range(request), channels } satisfies ReportChannelsResponse),
  };
}

function tableRows(testId: string): string[][] {
  return [...screen.getByTestId(testId).querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
  );
}

const today = localToday();

describe('/reports', () => {
  it('says an empty range has no conversations instead of drawing zeros', async () => {
    renderSignedIn('/reports', ada, fakeReports({}));

    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByTestId('report-timeseries-empty')).toHaveTextContent(
      'No conversations in this period',
    );
    expect(screen.getByTestId('report-funnel-empty')).toHaveTextContent(
      'No customer reached a stage in this period',
    );
    expect(
      within(screen.getByTestId('report-channels')).getByText('No conversations in this period'),
    ).toBeVisible();
    // No chart and no table of zeros.
    expect(screen.queryByTestId('report-timeseries-table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('report-funnel-table')).not.toBeInTheDocument();
    expect(screen.getByTestId('report-card-conversationsStarted-value')).toHaveTextContent('0');
    expect(screen.getByTestId('report-card-aiResolutionRate-value')).toHaveTextContent('—');
    expect(screen.getByTestId('report-card-aiResolutionRate-change')).toHaveTextContent(
      'Nothing to compare with',
    );
  });

  it('shows the last 30 days: figures against the period before, the series, the funnel and each channel', async () => {
    const { fetchSpy } = renderSignedIn(
      '/reports',
      ada,
      fakeReports({
        current: figures({
          conversationsStarted: 12,
          messagesIn: 1500,
          messagesOut: 40,
          aiResolutionRate: 60,
          leadsOpened: 3,
          leadsValue: 1250,
          firstResponseTime: { ai: { count: 12, median: 20, p90: 60 }, person: NO_TIME },
        }),
        previous: figures({ conversationsStarted: 8, messagesIn: 1500, aiResolutionRate: 55 }),
        days: { 0: { messagesIn: 3, messagesOut: 2, conversationsStarted: 1 }, 29: { messagesIn: 1200 } },
        reached: [10, 6, 3, 3, 1],
        channels: [
          {
            platform: 'whatsapp',
            ...figures({ conversationsStarted: 9, messagesIn: 1100, aiResolutionRate: 62.5 }),
          },
          { platform: 'instagram', ...figures({ conversationsStarted: 3, messagesIn: 400 }) },
        ],
      }),
    );

    const from = addDays(today, -29);
    expect(await screen.findByTestId('report-card-conversationsStarted-value')).toHaveTextContent('12');
    expect(screen.getByTestId('report-card-conversationsStarted-change')).toHaveTextContent(
      '50% more than the period before',
    );
    expect(screen.getByTestId('report-card-messagesIn-value')).toHaveTextContent('1,500');
    expect(screen.getByTestId('report-card-messagesIn-change')).toHaveTextContent(
      'Same as the period before',
    );
    expect(screen.getByTestId('report-card-aiResolutionRate-change')).toHaveTextContent(
      '5 percentage points more than the period before',
    );
    expect(screen.getByTestId('report-card-firstResponseAi-value')).toHaveTextContent('under 20s');
    expect(screen.getByTestId('report-card-leadsOpened')).toHaveTextContent('Worth €1,250.00');
    expect(screen.getByTestId('report-comparison')).toHaveTextContent('Days in Europe/Madrid');

    // The series as a table for screen readers: one row per day, the first and last as sent.
    const series = await waitFor(() => tableRows('report-timeseries-table'));
    expect(series[0]).toEqual(['Day', 'Messages in', 'Messages out', 'Conversations']);
    expect(series).toHaveLength(31);
    expect(series[1].slice(1)).toEqual(['3', '2', '1']);
    expect(series[30].slice(1)).toEqual(['1,200', '0', '0']);
    expect(tableRows('report-funnel-table').slice(1)).toEqual([
      ['New', '10', '60%'],
      ['Interested', '6', '50%'],
      ['Qualified', '3', '100%'],
      ['Follow-up', '3', '33.3%'],
      ['Converted', '1', '—'],
    ]);
    expect(
      within(screen.getByTestId('report-channels'))
        .getAllByTestId('report-channel-name')
        .map((name) => name.textContent),
    ).toEqual(['WhatsApp', 'Instagram']);
    expect(within(screen.getByTestId('report-channels')).getByText('62.5%')).toBeVisible();

    // Every report asks for the same 30 days; only the series (and its CSV) by day.
    const overview = queryOf(requestsTo(fetchSpy, 'GET /api/reports/overview')[0]);
    expect(overview).toEqual({ from, to: today });
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/reports/timeseries')[0])).toEqual({
      from,
      to: today,
      granularity: 'day',
    });
    expect(screen.getByTestId('report-download')).toHaveAttribute(
      'href',
      `/api/reports/export.csv?from=${from}&to=${today}&granularity=day`,
    );
  });

  it('asks again by week and for one channel', async () => {
    const { fetchSpy } = renderSignedIn('/reports', ada, fakeReports({}));
    await screen.findByTestId('report-timeseries-empty');

    await userEvent.click(within(screen.getByTestId('report-granularity')).getByText('Week'));
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/reports/timeseries')).toHaveLength(2));
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/reports/timeseries')[1]).granularity).toBe('week');
    // The other reports do not depend on it.
    expect(requestsTo(fetchSpy, 'GET /api/reports/overview')).toHaveLength(1);

    await chooseOption(screen.getByTestId('report-platform'), 'WhatsApp');
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/reports/channels')).toHaveLength(2));
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/reports/channels')[1]).platform).toBe('whatsapp');
    expect(screen.getByTestId('report-download').getAttribute('href')).toContain(
      'platform=whatsapp&granularity=week',
    );
  });

  it('opens on the range and channel its address names (the dashboard’s links)', async () => {
    const { fetchSpy } = renderSignedIn(
      '/reports?from=2026-05-02&to=2026-05-31&platform=whatsapp',
      ada,
      fakeReports({}),
    );

    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/reports/overview')).toHaveLength(1));
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/reports/overview')[0])).toEqual({
      from: '2026-05-02',
      to: '2026-05-31',
      platform: 'whatsapp',
    });
    expect(screen.getByTestId('report-platform')).toHaveTextContent('WhatsApp');
  });

  it.each([
    ['from after to', '?from=2026-05-31&to=2026-05-02'],
    ['not dates', '?from=yesterday&to=2026-05-31&platform=myspace'],
    ['over 400 days', '?from=2024-01-01&to=2026-05-31'],
  ])('opens on the last 30 days on every channel when the address asks %s', async (_case, query) => {
    const { fetchSpy } = renderSignedIn(`/reports${query}`, ada, fakeReports({}));

    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/reports/overview')).toHaveLength(1));
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/reports/overview')[0])).toEqual({
      from: addDays(today, -29),
      to: today,
    });
  });

  it('reads in Arabic: its words, and numbers and dates written the Arabic way', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    renderSignedIn(
      '/reports',
      ada,
      fakeReports({ current: figures({ conversationsStarted: 12 }), days: { 0: { messagesIn: 12 } } }),
    );

    expect(await screen.findByRole('heading', { name: 'التقارير' })).toBeInTheDocument();
    const series = await waitFor(() => tableRows('report-timeseries-table'));
    const arabic = new Intl.NumberFormat('ar');
    const firstDay = new Intl.DateTimeFormat('ar', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${addDays(today, -29)}T00:00:00Z`));
    expect(series[0][0]).toBe('اليوم');
    expect(series[1]).toEqual([firstDay, arabic.format(12), arabic.format(0), arabic.format(0)]);
    expect(firstDay).toMatch(/[\u0600-\u06ff]/); // the month's Arabic name
    expect(screen.getByTestId('report-card-conversationsStarted-value')).toHaveTextContent(arabic.format(12));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

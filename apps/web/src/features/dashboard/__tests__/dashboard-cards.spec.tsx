import { addDays, type ReportFigures, type StatsResponse } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeRoutes, json, never, queryOf, requestsTo } from '../../../test/fake-api';
import { anAiConfig, configuredShop } from '../../../test/fixtures/ai-config';
import { fakeOverview, NO_TIME, reportFigures } from '../../../test/fixtures/reports';
import { aUsage } from '../../../test/fixtures/usage';
import { SOME_STATS } from '../../../test/fixtures/stats';
import { anIntegration } from '../../../test/fixtures/integrations';
import { renderSignedIn, ada } from '../../../test/render-app';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { SHOW_TEST_DATA_STORAGE_KEY } from '../../../shared/hooks/use-show-test-data';
import { WELCOME_SEEN_KEY } from '../components/WelcomeOverlay';

const STATS = SOME_STATS;

const NO_STATS: StatsResponse = {
  totalMessages: 0,
  newLeads: 0,
  conversionRate: 0,
  avgResponseTime: 0,
  needsHumanCount: 0,
};

/** Kiritimati is UTC+14 all year: its date is often not the browser's, and never moves with daylight saving. */
const ZONE = 'Pacific/Kiritimati';

function todayInKiritimati(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** This month against the one before: a busier period, faster AI, two converted as before. */
const CURRENT = reportFigures({
  conversationsStarted: 8,
  messagesIn: 300,
  messagesOut: 100,
  aiResolvedConversations: 5,
  aiResolutionRate: 62.5,
  leadsOpened: 6,
  convertedCustomers: 2,
  firstResponseTime: {
    ai: { count: 6, median: 20, p90: 60 },
    person: { count: 2, median: 300, p90: 450 },
  },
});
const PREVIOUS = reportFigures({
  conversationsStarted: 10,
  messagesIn: 200,
  messagesOut: 120,
  aiResolvedConversations: 5,
  aiResolutionRate: 50,
  leadsOpened: 4,
  convertedCustomers: 2,
  firstResponseTime: { ai: { count: 9, median: 30, p90: 90 }, person: NO_TIME },
});

function open(
  path: string,
  {
    stats = STATS,
    current = CURRENT,
    previous = PREVIOUS,
    config = { ...configuredShop, timeZone: ZONE },
    routes = {},
  }: {
    stats?: StatsResponse;
    current?: ReportFigures;
    previous?: ReportFigures;
    config?: ReturnType<typeof anAiConfig>;
    routes?: FakeRoutes;
  } = {},
) {
  // The welcome overlay has its own tests.
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  return renderSignedIn(path, ada, {
    'GET /api/ai-config': () => json(200, config),
    'GET /api/stats': () => json(200, stats),
    'GET /api/usage': () => json(200, aUsage(10, 50, 'free')),
    'GET /api/messages': () => json(200, []),
    'GET /api/products': () => json(200, []),
    'GET /api/ai/knowledge': () => json(200, []),
    'GET /api/ai/training-documents': () => json(200, []),
    'GET /api/social-integrations': () => json(200, []),
    'GET /api/ai/test-cases': () => json(200, []),
    ...fakeOverview(current, previous, config.timeZone ?? 'UTC'),
    ...routes,
  });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

async function cardsLoaded() {
  await waitFor(() => expect(screen.getByTestId('stat-total-messages-change')).toBeInTheDocument());
}

describe('dashboard cards: the last 30 days against the 30 before', () => {
  it('ask the reports for the owner’s last 30 days in their time zone, with the test-data switch', async () => {
    window.localStorage.setItem(SHOW_TEST_DATA_STORAGE_KEY, 'false');
    const { fetchSpy } = open('/');
    await cardsLoaded();

    const today = todayInKiritimati();
    expect(requestsTo(fetchSpy, 'GET /api/reports/overview').map(queryOf)).toEqual([
      { from: addDays(today, -29), to: today, includeTest: 'false' },
    ]);
  });

  it('show each figure with its change: up, down, the same, in percent', async () => {
    open('/');
    await cardsLoaded();

    // Total Messages: all of them (spec 001 §7), then what the 30 days added: 400 against 320.
    expect(text('stat-total-messages-value')).toBe('1,234');
    expect(text('stat-total-messages-period')).toBe('400 in the last 30 days');
    expect(text('stat-total-messages-change')).toBe(' 25% more than the period before');
    // New Leads: the report's 6 (not the stats' 7), 50 % more than 4.
    expect(text('stat-new-leads-value')).toBe('6');
    expect(text('stat-new-leads-change')).toBe(' 50% more than the period before');
    // Conversion Rate: of all time, and the customers converted in the 30 days, as many as before.
    expect(text('stat-conversion-rate-value')).toBe('12.5%');
    expect(text('stat-conversion-rate-period')).toBe('2 converted in the last 30 days');
    expect(text('stat-conversion-rate-change')).toBe('Same as the period before');
    // First reply: the AI's median, a third faster (green: down is good), and the team's beside it.
    expect(text('stat-first-reply-value')).toBe('under 20s');
    expect(text('stat-first-reply-change')).toBe(' 33.3% less than the period before');
    expect(screen.getByTestId('stat-first-reply-change')).toHaveClass('ant-typography-success');
    expect(text('stat-first-reply-extra')).toBe('Your team: under 5m');
    // Active Platforms is the present state: it has no previous period.
    expect(screen.queryByTestId('stat-active-platforms-change')).not.toBeInTheDocument();
  });

  it('say New when the period before had none, and a slower reply is red', async () => {
    open('/', {
      current: reportFigures({
        leadsOpened: 3,
        firstResponseTime: { ai: { count: 1, median: 60, p90: 60 }, person: NO_TIME },
      }),
      previous: reportFigures({
        firstResponseTime: { ai: { count: 1, median: 30, p90: 30 }, person: NO_TIME },
      }),
    });
    await cardsLoaded();

    expect(text('stat-new-leads-change')).toBe('New: nothing in the period before');
    expect(text('stat-first-reply-change')).toBe(' 100% more than the period before');
    expect(screen.getByTestId('stat-first-reply-change')).toHaveClass('ant-typography-danger');
  });

  it('link each card to the report of the same 30 days', async () => {
    open('/');
    await cardsLoaded();
    const today = todayInKiritimati();
    const report = `/reports?from=${addDays(today, -29)}&to=${today}`;

    for (const card of [
      'total-messages',
      'new-leads',
      'conversion-rate',
      'first-reply',
      'active-platforms',
    ]) {
      expect(screen.getByTestId(`stat-${card}-link`)).toHaveAttribute('href', report);
    }
    await userEvent.click(screen.getByTestId('stat-new-leads'));
    expect(window.location.pathname + window.location.search).toBe(report);
  });

  it('link each connected channel of Platform Status to its own report', async () => {
    open('/', {
      routes: {
        'GET /api/social-integrations': () =>
          json(200, [anIntegration('whatsapp'), anIntegration('instagram', { isActive: false })]),
      },
    });
    await cardsLoaded();
    const today = todayInKiritimati();

    const links = await screen.findAllByTestId('platform-status-report');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Report for WhatsApp');
    expect(links[0]).toHaveAttribute(
      'href',
      `/reports?from=${addDays(today, -29)}&to=${today}&platform=whatsapp`,
    );
  });

  it('tell a new owner the truth: zeros, no replies yet, no change', async () => {
    open('/', {
      stats: NO_STATS,
      current: reportFigures(),
      previous: reportFigures(),
      config: anAiConfig(),
    });
    await cardsLoaded();

    expect(text('stat-total-messages-value')).toBe('0');
    expect(text('stat-total-messages-period')).toBe('0 in the last 30 days');
    expect(text('stat-total-messages-change')).toBe('Same as the period before');
    expect(text('stat-new-leads-value')).toBe('0');
    expect(text('stat-first-reply-value')).toBe('No replies yet');
    expect(screen.queryByTestId('stat-first-reply-change')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stat-first-reply-extra')).not.toBeInTheDocument();
    expect(screen.getByTestId('stat-active-platforms-value')).toHaveTextContent('0/0');
  });

  it('keep the stats’ figures, without changes, when the reports do not answer', async () => {
    open('/', { routes: { 'GET /api/reports/overview': () => json(503, { message: 'unavailable' }) } });
    await waitFor(() => expect(text('stat-first-reply-value')).toBe('—'));

    expect(text('stat-total-messages-value')).toBe('1,234');
    expect(text('stat-new-leads-value')).toBe('7');
    expect(screen.queryByTestId('stat-total-messages-change')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stat-new-leads-change')).not.toBeInTheDocument();
  });

  it('wait for the reports before New Leads shows a number (no flip from the stats’ figure)', async () => {
    open('/', { routes: { 'GET /api/reports/overview': () => never() } });
    await waitFor(() => expect(text('stat-total-messages-value')).toBe('1,234'));

    expect(screen.queryByTestId('stat-new-leads-value')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stat-first-reply-value')).not.toBeInTheDocument();
  });

  it('read in Arabic: words, numbers and percentages the Arabic way, right to left', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    open('/');
    await cardsLoaded();

    const arabic = new Intl.NumberFormat('ar');
    const percent = new Intl.NumberFormat('ar', { style: 'percent', maximumFractionDigits: 1 });
    expect(text('stat-total-messages-period')).toBe(`${arabic.format(400)} في آخر ${arabic.format(30)} يومًا`);
    expect(text('stat-total-messages-change')).toBe(` أكثر بـ ${percent.format(0.25)} من الفترة السابقة`);
    expect(text('stat-conversion-rate-change')).toBe('مثل الفترة السابقة');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('test agent side card: the agent with real customers', () => {
  it('shows its median first reply and resolution rate against the 30 days before, and links to the report', async () => {
    open('/dashboard?tab=test-agent');

    const card = await screen.findByTestId('agent-stats');
    await waitFor(() => expect(text('agent-stats-reply-time-value')).toBe('under 20s'));
    expect(text('agent-stats-reply-time-change')).toBe(' 33.3% less than the period before');
    expect(text('agent-stats-resolution-value')).toBe('62.5%');
    expect(text('agent-stats-resolution-basis')).toBe('5 of 8 conversations resolved without a person');
    expect(text('agent-stats-resolution-change')).toBe(' 12.5 percentage points more than the period before');
    expect(within(card).getByText('Answers in this test chat are not counted.')).toBeVisible();
    const today = todayInKiritimati();
    expect(screen.getByTestId('agent-stats-report')).toHaveAttribute(
      'href',
      `/reports?from=${addDays(today, -29)}&to=${today}`,
    );
    expect(screen.queryByTestId('agent-stats-empty')).not.toBeInTheDocument();
  });

  it('says No replies yet to a new owner instead of a zero', async () => {
    open('/dashboard?tab=test-agent', { current: reportFigures(), previous: reportFigures() });

    await waitFor(() => expect(text('agent-stats-reply-time-value')).toBe('No replies yet'));
    expect(text('agent-stats-resolution-value')).toBe('No conversations yet');
    expect(screen.queryByTestId('agent-stats-reply-time-change')).not.toBeInTheDocument();
    expect(screen.queryByTestId('agent-stats-resolution-change')).not.toBeInTheDocument();
    expect(text('agent-stats-empty')).toBe('Your agent’s figures appear here once it answers customers.');
  });

  it('counts a resolution rate of 0 % when customers wrote and the AI resolved none', async () => {
    open('/dashboard?tab=test-agent', {
      current: reportFigures({ conversationsStarted: 3, aiResolutionRate: 0 }),
      previous: reportFigures(),
    });

    await waitFor(() => expect(text('agent-stats-resolution-value')).toBe('0%'));
    expect(text('agent-stats-reply-time-value')).toBe('No replies yet');
    expect(text('agent-stats-resolution-change')).toBe('Nothing to compare with');
    expect(screen.queryByTestId('agent-stats-empty')).not.toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded', async () => {
    open('/dashboard?tab=test-agent', {
      routes: { 'GET /api/reports/overview': () => json(503, { message: 'unavailable' }) },
    });

    expect(await screen.findByTestId('agent-stats-failed')).toHaveTextContent(
      'The agent’s figures could not be loaded. Try again later.',
    );
  });

  it('reads in Arabic', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    open('/dashboard?tab=test-agent');

    await waitFor(() =>
      expect(text('agent-stats-resolution-value')).toBe(
        new Intl.NumberFormat('ar', { style: 'percent', maximumFractionDigits: 1 }).format(0.625),
      ),
    );
    expect(screen.getByTestId('agent-stats')).toHaveTextContent('أداء وكيلك مع العملاء');
  });
});

import {
  type KnowledgeItemResponse,
  type MessageResponse,
  type ProductResponse,
  type SocialIntegrationResponse,
  type TrainingDocumentResponse,
  type StatsResponse,
  USAGE_WARNING_MESSAGES,
  type UsagePackageResponse,
  type UsageResponse,
} from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeRoutes, json, never, queryOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { renderSignedIn } from '../../../test/render-app';
import { anAiConfig, configuredShop } from '../../../test/fixtures/ai-config';
import {
  aDegradedHealth,
  aDisconnectedIntegration,
  anIntegration,
  englishDate,
  inDays,
} from '../../../test/fixtures/integrations';
import { aMessage } from '../../../test/fixtures/messages';
import { aProduct } from '../../../test/fixtures/products';
import { aDocument, aKnowledgeItem } from '../../../test/fixtures/training';
import { aUsage } from '../../../test/fixtures/usage';
import { SOME_STATS } from '../../../test/fixtures/stats';
import { fakeOverview, NO_TIME, reportFigures } from '../../../test/fixtures/reports';
import { findToast } from '../../../test/toasts';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { WIZARD_STORAGE_KEY } from '../../integrations';
import { WELCOME_SEEN_KEY } from '../components/WelcomeOverlay';
import { setupProgress, setupSteps } from '../setup-checklist';

const STATS = SOME_STATS;

interface Server {
  setupCompleted?: boolean;
  stats?: StatsResponse;
  usage?: UsageResponse;
  messages?: MessageResponse[];
  products?: ProductResponse[];
  knowledge?: KnowledgeItemResponse[];
  documents?: TrainingDocumentResponse[];
  integrations?: SocialIntegrationResponse[];
  packages?: UsagePackageResponse[];
}

/** GET /api/packages: one refill on sale, one whose payment link is not configured yet. */
const PACKAGES: UsagePackageResponse[] = [
  {
    id: 'power',
    name: 'Power',
    apiCalls: 500,
    price: 9.99,
    estimatedCost: 5,
    color: '#1677ff',
    paymentLink: 'https://pay.example.com/power?client_reference_id=ada',
    sortOrder: 1,
  },
  {
    id: 'unlimited',
    name: 'Unlimited',
    apiCalls: 5000,
    price: 49,
    estimatedCost: 40,
    color: '#722ed1',
    paymentLink: null,
    sortOrder: 2,
  },
];

function serverRoutes({
  setupCompleted = true,
  stats = STATS,
  usage = aUsage(10, 50, 'free'),
  messages = [],
  products = [],
  knowledge = [],
  documents = [],
  integrations = [],
  packages = PACKAGES,
}: Server = {}): FakeRoutes {
  return {
    'GET /api/ai-config': () => json(200, setupCompleted ? configuredShop : anAiConfig()),
    'GET /api/stats': () => json(200, stats),
    'GET /api/usage': () => json(200, usage),
    'GET /api/messages': (request) => {
      const { status, customerId } = queryOf(request);
      return json(
        200,
        messages.filter(
          (message) =>
            (!status || message.status === status) && (!customerId || message.customerId === customerId),
        ),
      );
    },
    'GET /api/products': () => json(200, products),
    'GET /api/ai/knowledge': () => json(200, knowledge),
    'GET /api/ai/training-documents': () => json(200, documents),
    'GET /api/social-integrations': () => json(200, integrations),
    'GET /api/packages': () => json(200, packages),
    // The last 30 days (the cards' changes have their own spec, dashboard-cards.spec.tsx).
    ...fakeOverview(
      reportFigures({
        leadsOpened: 6,
        firstResponseTime: { ai: { count: 4, median: 45, p90: 60 }, person: NO_TIME },
      }),
    ),
  };
}

function openDashboard(server: Server = {}, routes: FakeRoutes = {}, path = '/') {
  // The welcome overlay has its own tests.
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  return renderSignedIn(path, undefined, { ...serverRoutes(server), ...routes });
}

async function statValues() {
  await waitFor(() => expect(screen.getByTestId('stat-total-messages-value')).toHaveTextContent(/\d/));
  await waitFor(() => expect(screen.getByTestId('stat-first-reply-value')).toHaveTextContent(/\d/));
  return ['stat-total-messages', 'stat-new-leads', 'stat-conversion-rate', 'stat-first-reply'].map(
    (testId) => screen.getByTestId(`${testId}-value`).textContent,
  );
}

describe('dashboard header', () => {
  it.each(['/', '/dashboard'])('%s shows the dashboard', async (path) => {
    openDashboard({}, {}, path);
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Your messages, leads and channels at a glance.')).toBeInTheDocument();
  });

  it('offers Complete Setup until the business setup is done', async () => {
    openDashboard({ setupCompleted: false });

    const button = await screen.findByTestId('dashboard-complete-setup');
    expect(button).toHaveTextContent('Complete Setup');
    expect(button).toHaveAttribute('href', '/business-setup');
  });

  it('has no Complete Setup button once the setup is done', async () => {
    openDashboard({ setupCompleted: true });
    await screen.findByTestId('setup-checklist');
    await waitFor(() => expect(screen.getByTestId('setup-progress')).toHaveTextContent('13%'));

    expect(screen.queryByTestId('dashboard-complete-setup')).not.toBeInTheDocument();
  });

  it('puts a red dot on the bell while a message waits for a response', async () => {
    const { fetchSpy } = openDashboard({ messages: [aMessage({ status: 'pending' })] });

    await waitFor(() =>
      expect(screen.getByTestId('dashboard-bell-dot')).toHaveAttribute('data-pending', 'true'),
    );
    expect(screen.getByTestId('dashboard-bell-dot').querySelector('.ant-badge-dot')).not.toBeNull();
    expect(requestsTo(fetchSpy, 'GET /api/messages').map(queryOf)).toContainEqual({
      status: 'pending',
      limit: '1',
    });
  });

  it('has no dot when nothing waits', async () => {
    const { fetchSpy } = openDashboard({ messages: [aMessage({ status: 'responded' })] });
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'GET /api/messages').map(queryOf)).toContainEqual({
        status: 'pending',
        limit: '1',
      }),
    );
    await screen.findByTestId('recent-message');

    expect(screen.getByTestId('dashboard-bell-dot')).toHaveAttribute('data-pending', 'false');
    expect(screen.getByTestId('dashboard-bell-dot').querySelector('.ant-badge-dot')).toBeNull();
  });

  it('searches messages: the search box leads to /messages?q=', async () => {
    const { fetchSpy } = openDashboard();
    const search = within(await screen.findByTestId('dashboard-search')).getByPlaceholderText(
      'Search messages...',
    );

    await userEvent.type(search, 'refund{Enter}');

    expect(await screen.findByRole('heading', { level: 2, name: 'Messages' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/messages?q=refund');
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'GET /api/messages').map(queryOf)).toContainEqual({ q: 'refund' }),
    );
  });
});

describe('dashboard overview', () => {
  it('shows the real figures: /api/stats of all time, the reports overview of the last 30 days', async () => {
    openDashboard();

    // New Leads and First reply as the report counts them (the owner's 30 days), not the stats' 30 × 24 hours.
    expect(await statValues()).toEqual(['1,234', '6', '12.5%', 'under 45s']);
    expect(screen.getByTestId('stat-total-messages')).toHaveTextContent('Total Messages');
    expect(screen.getByTestId('stat-new-leads')).toHaveTextContent('New Leads');
    expect(screen.getByTestId('stat-conversion-rate')).toHaveTextContent('Conversion Rate');
    expect(screen.getByTestId('stat-first-reply')).toHaveTextContent('First reply');
    expect(screen.getByTestId('stat-first-reply-basis')).toHaveTextContent("The AI's median, last 30 days");
  });

  it('says what New Leads and Conversion Rate count over, in the reader’s language', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openDashboard();
    await statValues();

    expect(screen.getByTestId('stat-new-leads-basis')).toHaveTextContent('آخر 30 يومًا');
    expect(screen.getByTestId('stat-conversion-rate-basis')).toHaveTextContent('من العملاء المحتملين');
  });

  it('shows zeros when the stats cannot be fetched', async () => {
    openDashboard({}, { 'GET /api/stats': () => json(503, { message: 'unavailable' }) });

    // New Leads and First reply come from the reports overview, which answered.
    await waitFor(async () => expect(await statValues()).toEqual(['0', '6', '0%', 'under 45s']));
  });

  it('refreshes the stats when the server announces an event', async () => {
    let stats = STATS;
    openDashboard({}, { 'GET /api/stats': () => json(200, stats) });
    expect((await statValues())[0]).toBe('1,234');
    act(() => FakeWebSocket.latest().open());

    stats = { ...STATS, totalMessages: 1235 };
    act(() =>
      FakeWebSocket.latest().receive({ type: 'new_message', message: 'New message from Jane Smith' }),
    );

    await waitFor(() => expect(screen.getByTestId('stat-total-messages-value')).toHaveTextContent('1,235'));
  });

  it('lists the 5 newest messages', async () => {
    const messages = Array.from({ length: 7 }, (_, index) =>
      aMessage({ id: `m-${index}`, minutesAgo: index }),
    );
    openDashboard({ messages });

    await waitFor(() => expect(screen.getAllByTestId('recent-message')).toHaveLength(5));
    expect(screen.getAllByTestId('recent-message').map((element) => element.dataset.messageId)).toEqual([
      'm-0',
      'm-1',
      'm-2',
      'm-3',
      'm-4',
    ]);
  });

  it("names a customer whose name is not known by their channel, with its icon (never 'Unknown User')", async () => {
    openDashboard({
      messages: [
        aMessage({ id: 'm-1', customerName: '', platform: 'facebook' }),
        aMessage({ id: 'm-2', customerName: null, platform: 'whatsapp' }),
        aMessage({ id: 'm-3' }),
      ],
    });

    await waitFor(() => expect(screen.getAllByTestId('recent-message')).toHaveLength(3));
    const names = screen.getAllByTestId('recent-message-customer');
    expect(names.map((name) => name.textContent)).toEqual([
      'FBMessenger customer',
      'WHWhatsApp customer',
      'Jane Smith',
    ]);
    expect(within(names[0]).getByTestId('platform-icon')).toBeInTheDocument();
    expect(screen.getByTestId('recent-messages')).not.toHaveTextContent('Unknown User');
  });

  it('lists facebook, instagram, twitter and whatsapp as not connected', async () => {
    openDashboard();

    const rows = await screen.findAllByTestId('platform-status-row');
    expect(
      rows.map((row) => [row.dataset.platform, within(row).getByTestId('platform-status-text').textContent]),
    ).toEqual([
      ['facebook', 'Not connected'],
      ['instagram', 'Not connected'],
      ['twitter', 'Not connected'],
      ['whatsapp', 'Not connected'],
    ]);
  });

  it.each([
    [false, '0%', []],
    [true, '13%', ['business-setup']],
  ])('setup checklist with setupCompleted %s: %s', async (setupCompleted, percent, done) => {
    openDashboard({ setupCompleted });

    await waitFor(() => expect(screen.getByTestId('setup-progress')).toHaveTextContent(percent));
    const steps = screen.getAllByTestId('setup-step');
    expect(steps.map((step) => step.dataset.step)).toEqual([
      'business-setup',
      'test-agent',
      'facebook',
      'instagram',
      'twitter',
      'whatsapp',
      'products',
      'training',
    ]);
    expect(
      steps.filter((step) => step.dataset.completed === 'true').map((step) => step.dataset.step),
    ).toEqual(done);
    expect(screen.queryByTestId('setup-complete')).not.toBeInTheDocument();
  });
});

describe('dashboard platforms', () => {
  const facebook = anIntegration('facebook');
  const whatsapp = anIntegration('whatsapp');

  it('Platform Status, Active Platforms and the checklist follow the active integrations', async () => {
    openDashboard({ integrations: [facebook, aDisconnectedIntegration('instagram'), whatsapp] });

    await waitFor(() => expect(screen.getByTestId('stat-active-platforms-value')).toHaveTextContent('2/3'));
    expect(screen.getByTestId('stat-active-platforms')).toHaveTextContent('Active Platforms');
    expect(
      screen
        .getAllByTestId('platform-status-row')
        .map((row) => [row.dataset.platform, within(row).getByTestId('platform-status-text').textContent]),
    ).toEqual([
      ['facebook', 'Connected and monitoring'],
      ['instagram', 'Not connected'],
      ['twitter', 'Not connected'],
      ['whatsapp', 'Connected and monitoring'],
    ]);
    const done = screen
      .getAllByTestId('setup-step')
      .filter((step) => step.dataset.completed === 'true')
      .map((step) => step.dataset.step);
    expect(done).toEqual(['business-setup', 'facebook', 'instagram', 'twitter', 'whatsapp']);
    expect(screen.getByTestId('setup-progress')).toHaveTextContent('63%');
    expect(screen.queryByTestId('no-platforms')).not.toBeInTheDocument();
  });

  it("Platform Status shows each connected channel's health; a degraded one says why and offers Reconnect", async () => {
    openDashboard({
      integrations: [facebook, anIntegration('whatsapp', { health: aDegradedHealth() })],
    });

    await waitFor(() => expect(screen.getAllByTestId('health-badge')).toHaveLength(2));
    const rows = screen.getAllByTestId('platform-status-row');
    expect(rows.map((row) => [row.dataset.platform, row.dataset.health])).toEqual([
      ['facebook', 'ok'],
      ['instagram', 'disconnected'],
      ['twitter', 'disconnected'],
      ['whatsapp', 'degraded'],
    ]);
    const [facebookRow, whatsappRow] = [rows[0], rows[3]];
    expect(within(facebookRow).getByTestId('health-badge')).toHaveTextContent('Healthy');
    expect(within(facebookRow).queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
    expect(within(whatsappRow).getByTestId('health-badge')).toHaveTextContent('Needs attention');
    expect(within(whatsappRow).getByTestId('platform-status-problems')).toHaveTextContent(
      'The last 5 messages to customers could not be sent.',
    );
    expect(within(whatsappRow).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/setup/whatsapp',
    );
  });

  it('a platform Meta refuses still counts as active, says Reconnect needed and why, and is to do again', async () => {
    openDashboard({ integrations: [facebook, anIntegration('whatsapp', { needsReconnect: true })] });

    await waitFor(() => expect(screen.getByTestId('stat-active-platforms-value')).toHaveTextContent('2/2'));
    const rows = screen.getAllByTestId('platform-status-row');
    expect(
      rows.map((row) => [row.dataset.platform, within(row).getByTestId('platform-status-text').textContent]),
    ).toEqual([
      ['facebook', 'Connected and monitoring'],
      ['instagram', 'Not connected'],
      ['twitter', 'Not connected'],
      ['whatsapp', 'Reconnect needed'],
    ]);
    const [facebookRow, whatsappRow] = [rows[0], rows[3]];
    expect(within(whatsappRow).getByTestId('platform-status-reason')).toHaveTextContent(
      "Meta no longer accepts Parley's access. Replies fail until you connect again.",
    );
    expect(within(whatsappRow).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/setup/whatsapp',
    );
    expect(within(facebookRow).queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
    expect(within(facebookRow).queryByTestId('platform-status-reason')).not.toBeInTheDocument();
    expect(screen.queryByTestId('no-platforms')).not.toBeInTheDocument();

    const steps = screen.getAllByTestId('setup-step');
    expect(
      steps.filter((step) => step.dataset.completed === 'true').map((step) => step.dataset.step),
    ).toEqual(['business-setup', 'facebook', 'instagram', 'twitter']);
    const whatsappStep = steps.find((step) => step.dataset.step === 'whatsapp');
    if (!whatsappStep) throw new Error('No WhatsApp step');
    expect(whatsappStep).toHaveAttribute('data-needs-reconnect', 'true');
    expect(within(whatsappStep).getByTestId('setup-step-reconnect')).toHaveTextContent('Reconnect needed');
    expect(within(whatsappStep).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/setup/whatsapp',
    );
    expect(
      steps.filter((step) => step.dataset.needsReconnect === 'true').map((step) => step.dataset.step),
    ).toEqual(['whatsapp']);
  });

  it('the channel steps are done once any channel is connected: an owner without X reaches 100 %', async () => {
    openDashboard(
      { integrations: [facebook] },
      {
        'GET /api/ai-config': () =>
          json(200, { ...configuredShop, agentTestedAt: '2024-06-01T10:00:00.000Z' }),
      },
    );

    await waitFor(() => expect(screen.getByTestId('setup-progress')).toHaveTextContent('75%'));
    const steps = screen.getAllByTestId('setup-step');
    expect(
      steps.filter((step) => step.dataset.completed === 'true').map((step) => step.dataset.step),
    ).toEqual(['business-setup', 'test-agent', 'facebook', 'instagram', 'twitter', 'whatsapp']);
    const twitterStep = steps.find((step) => step.dataset.step === 'twitter');
    if (!twitterStep) throw new Error('No Twitter step');
    expect(within(twitterStep).getByTestId('setup-step-other-channel')).toHaveTextContent(
      'Another channel is connected',
    );
    const facebookStep = steps.find((step) => step.dataset.step === 'facebook');
    if (!facebookStep) throw new Error('No Facebook step');
    expect(within(facebookStep).queryByTestId('setup-step-other-channel')).not.toBeInTheDocument();
  });

  it('with a product and training as well, it is Setup Complete', async () => {
    openDashboard(
      { integrations: [anIntegration('instagram')], products: [aProduct()], knowledge: [aKnowledgeItem()] },
      {
        'GET /api/ai-config': () =>
          json(200, { ...configuredShop, agentTestedAt: '2024-06-01T10:00:00.000Z' }),
      },
    );

    expect(await screen.findByTestId('setup-complete')).toHaveTextContent('Setup Complete');
  });

  it("says when WhatsApp's access ends in its last week, with Reconnect, still connected", async () => {
    const ends = inDays(5);
    openDashboard({ integrations: [facebook, anIntegration('whatsapp', { accessExpiresAt: ends })] });

    const rows = await screen.findAllByTestId('platform-status-row');
    const whatsappRow = rows[3];
    await waitFor(() =>
      expect(within(whatsappRow).getByTestId('platform-status-ending')).toHaveTextContent(
        `Access ends ${englishDate(ends)}`,
      ),
    );
    expect(within(whatsappRow).getByTestId('platform-status-text')).toHaveTextContent(
      'Connected and monitoring',
    );
    expect(within(whatsappRow).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/setup/whatsapp',
    );
    expect(within(rows[0]).queryByTestId('platform-status-ending')).not.toBeInTheDocument();
  });

  it('Reconnect on the dashboard opens the wizard at its Connect step', async () => {
    openDashboard({ integrations: [anIntegration('whatsapp', { needsReconnect: true })] });
    const row = (await screen.findAllByTestId('platform-status-row')).find(
      (element) => element.dataset.platform === 'whatsapp',
    );
    if (!row) throw new Error('No WhatsApp row');

    await userEvent.click(await within(row).findByRole('link', { name: 'Reconnect' }));

    await waitFor(() =>
      expect(screen.getByTestId('platform-wizard')).toHaveAttribute('data-step', 'connect'),
    );
    expect(window.location.pathname).toBe('/setup/whatsapp');
    expect(screen.getByTestId('wizard-reconnect-needed')).toBeInTheDocument();
  });

  it('warns that no platform is connected, and counts 0/0', async () => {
    openDashboard({ integrations: [] });

    expect(await screen.findByTestId('no-platforms')).toHaveTextContent(
      'No platforms connected. Please connect your social media accounts to start receiving messages.',
    );
    expect(within(screen.getByTestId('platform-status')).getByTestId('no-platforms')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stat-active-platforms-value')).toHaveTextContent('0/0'));
  });

  it('back from a connection with ?connected: the toast, the address reset, the new connection shown', async () => {
    window.localStorage.setItem(
      WIZARD_STORAGE_KEY,
      JSON.stringify({ platform: 'facebook', step: 'connect' }),
    );
    openDashboard({ integrations: [facebook] }, {}, '/dashboard?connected=facebook');

    const toast = await findToast('Facebook connected successfully.');
    expect(toast.kind).toBe('success');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/dashboard'));
    expect(window.localStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('stat-active-platforms-value')).toHaveTextContent('1/1'));
  });

  it('back to / with ?connected in Arabic: the toast in Arabic, the address reset to /dashboard', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openDashboard({ integrations: [whatsapp] }, {}, '/?connected=whatsapp');

    expect((await findToast('تم ربط واتساب بنجاح.')).kind).toBe('success');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/dashboard'));
  });

  it('refreshes the platform status when a connection changes elsewhere', async () => {
    let integrations: SocialIntegrationResponse[] = [];
    openDashboard({}, { 'GET /api/social-integrations': () => json(200, integrations) });
    await screen.findByTestId('no-platforms');
    act(() => FakeWebSocket.latest().open());

    integrations = [facebook];
    act(() => FakeWebSocket.latest().receive({ type: 'integration_changed', message: '', data: {} }));

    await waitFor(() => expect(screen.getByTestId('stat-active-platforms-value')).toHaveTextContent('1/1'));
    expect(screen.queryByTestId('no-platforms')).not.toBeInTheDocument();
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });
});

describe('setup checklist: products', () => {
  it('marks the products step done once the owner has a product', async () => {
    const { fetchSpy } = openDashboard({ products: [aProduct()] });

    await waitFor(() => expect(screen.getByTestId('setup-progress')).toHaveTextContent('25%'));
    const done = screen
      .getAllByTestId('setup-step')
      .filter((step) => step.dataset.completed === 'true')
      .map((step) => step.dataset.step);
    expect(done).toEqual(['business-setup', 'products']);
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/products')[0])).toEqual({ limit: '1' });
  });

  it('leaves it to do while the catalogue is empty', async () => {
    openDashboard({ products: [] });

    await waitFor(() => expect(screen.getByTestId('setup-progress')).toHaveTextContent('13%'));
    const products = screen.getAllByTestId('setup-step').find((step) => step.dataset.step === 'products');
    expect(products?.dataset.completed).toBe('false');
  });
});

describe('setup checklist: training', () => {
  function doneSteps() {
    return screen
      .getAllByTestId('setup-step')
      .filter((step) => step.dataset.completed === 'true')
      .map((step) => step.dataset.step);
  }

  it('marks the training step done once the owner has a knowledge item', async () => {
    openDashboard({ knowledge: [aKnowledgeItem()] });

    await waitFor(() => expect(screen.getByTestId('setup-progress')).toHaveTextContent('25%'));
    expect(doneSteps()).toEqual(['business-setup', 'training']);
  });

  it('marks it done once a document is completed', async () => {
    openDashboard({ documents: [aDocument({ id: 'd-2', status: 'failed' }), aDocument()] });

    await waitFor(() => expect(screen.getByTestId('setup-progress')).toHaveTextContent('25%'));
    expect(doneSteps()).toEqual(['business-setup', 'training']);
  });

  it('leaves it to do while documents are only processing or failed and nothing was typed', async () => {
    const { fetchSpy } = openDashboard({
      documents: [aDocument({ status: 'processing' }), aDocument({ id: 'd-2', status: 'failed' })],
    });

    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/ai/training-documents')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('setup-progress')).toHaveTextContent('13%'));
    expect(doneSteps()).toEqual(['business-setup']);
  });
});

describe('messages that need a person', () => {
  it('says how many, with links to the inbox and to the training', async () => {
    openDashboard({ stats: { ...STATS, needsHumanCount: 3 } });

    const notice = await screen.findByTestId('dashboard-needs-human');
    expect(notice).toHaveTextContent('Messages that need a person: 3');
    expect(notice).toHaveTextContent('Your agent could not answer them from what you taught it.');
    expect(within(notice).getByRole('link', { name: 'View messages' })).toHaveAttribute('href', '/messages');
    expect(within(notice).getByRole('link', { name: 'Teach your agent' })).toHaveAttribute(
      'href',
      '/ai-training?tab=knowledge',
    );
  });

  it('shows nothing when every message was answered', async () => {
    openDashboard();

    await waitFor(() => expect(screen.getByTestId('stat-total-messages-value')).toHaveTextContent('1,234'));
    expect(screen.queryByTestId('dashboard-needs-human')).not.toBeInTheDocument();
  });
});

describe('setup progress (spec 001 §3)', () => {
  it('is the completed steps out of 8', () => {
    expect(setupProgress(setupSteps({ setupCompleted: false }))).toBe(0);
    expect(setupProgress(setupSteps({ setupCompleted: true }))).toBe(12.5);
    expect(
      setupProgress(
        setupSteps({
          setupCompleted: true,
          activePlatforms: ['facebook', 'instagram', 'twitter', 'whatsapp'],
        }),
      ),
    ).toBe(62.5);
    expect(
      setupProgress(
        setupSteps({
          setupCompleted: true,
          activePlatforms: ['facebook', 'instagram', 'twitter', 'whatsapp'],
          reconnectPlatforms: ['whatsapp'],
        }),
      ),
    ).toBe(50);
    expect(setupProgress(setupSteps({ setupCompleted: true, activePlatforms: ['whatsapp'] }))).toBe(62.5);
    expect(
      setupProgress(
        setupSteps({ setupCompleted: true, activePlatforms: ['whatsapp'], reconnectPlatforms: ['whatsapp'] }),
      ),
    ).toBe(12.5);
    expect(setupProgress(setupSteps({ setupCompleted: false, hasProducts: true }))).toBe(12.5);
    expect(setupProgress(setupSteps({ setupCompleted: true, hasTraining: true }))).toBe(25);
  });
});

describe('API usage card', () => {
  it.each([
    [aUsage(39, 50, 'basic'), 'green'],
    [aUsage(40, 50, 'basic'), 'yellow'],
    [aUsage(45, 50, 'basic'), 'red'],
    [aUsage(50, 50, 'basic'), 'red'],
  ])('%o: the bar is %s', async (usage, color) => {
    openDashboard({ usage });

    await waitFor(() => expect(screen.getByTestId('usage-progress')).toHaveAttribute('data-color', color));
  });

  it('shows the calls used and left, when the allowance renews and the billing page', async () => {
    openDashboard({ usage: aUsage(10, 50, 'free') });

    expect(await screen.findByTestId('usage-text')).toHaveTextContent('10 of 50 API calls used');
    const card = screen.getByTestId('usage-card');
    expect(card).toHaveTextContent('40 remaining');
    expect(card).toHaveAttribute('data-limit', '50');
    expect(screen.getByTestId('usage-period-end')).toHaveTextContent('Renews on Jul 1, 2024');
    expect(screen.getByTestId('usage-billing-link')).toHaveAttribute('href', '/billing');
    expect(screen.queryByTestId('usage-refill-calls')).not.toBeInTheDocument();
    expect(screen.queryByTestId('usage-warning')).not.toBeInTheDocument();
    expect(screen.queryByTestId('refill-card')).not.toBeInTheDocument();
  });

  it('counts the refill calls carried over; an unlimited plan has no renewal date', async () => {
    openDashboard({ usage: aUsage(10, null, 'unlimited', { periodEnd: null, refillCalls: 1200 }) });

    expect(await screen.findByTestId('usage-text')).toHaveTextContent('10 API calls used (unlimited plan)');
    expect(screen.getByTestId('usage-refill-calls')).toHaveTextContent(
      'Includes 1,200 refill calls carried over',
    );
    expect(screen.queryByTestId('usage-period-end')).not.toBeInTheDocument();
  });

  it.each([
    [aUsage(40, 50, 'basic'), USAGE_WARNING_MESSAGES[1]],
    [aUsage(45, 50, 'basic'), USAGE_WARNING_MESSAGES[2]],
    [aUsage(50, 50, 'basic'), USAGE_WARNING_MESSAGES[3]],
  ])('warning level of %o: "%s" and the Refill API Calls card', async (usage, warning) => {
    openDashboard({ usage });

    expect(await screen.findByTestId('usage-warning')).toHaveTextContent(warning);
    expect(await screen.findByTestId('refill-card')).toHaveTextContent('Refill API Calls');
  });

  it('offers the refills from 80 % even before a warning level', async () => {
    openDashboard({ usage: { ...aUsage(40, 50, 'basic'), warningLevel: 0 } });

    expect(await screen.findByTestId('refill-card')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-warning')).not.toBeInTheDocument();
  });

  it('offers the refills with a warning level below 80 %', async () => {
    openDashboard({ usage: { ...aUsage(10, 50, 'basic'), warningLevel: 1 } });

    expect(await screen.findByTestId('refill-card')).toBeInTheDocument();
  });

  it('lists the refill packages in order, each paid on its payment link, or says payment is not available', async () => {
    openDashboard({ usage: aUsage(45, 50, 'free') });

    const power = await screen.findByTestId('refill-package-power');
    expect(power).toHaveTextContent('Power');
    expect(power).toHaveTextContent('500 API calls');
    expect(power).toHaveTextContent('$9.99');
    expect(within(power).getByRole('link', { name: 'Buy refill' })).toHaveAttribute(
      'href',
      'https://pay.example.com/power?client_reference_id=ada',
    );
    const unlimited = screen.getByTestId('refill-package-unlimited');
    expect(unlimited).toHaveTextContent('5,000 API calls');
    expect(unlimited).toHaveTextContent('Payment is not available yet');
    expect(within(unlimited).getByRole('button', { name: 'Buy refill' })).toBeDisabled();
    expect(
      [...screen.getByTestId('refill-card').querySelectorAll('[data-testid^="refill-package-"]')].map(
        (element) => element.getAttribute('data-testid'),
      ),
    ).toEqual(['refill-package-power', 'refill-package-unlimited']);
  });

  it('links the free plan to an upgrade', async () => {
    openDashboard({ usage: aUsage(10, 50, 'free') });

    expect(await screen.findByTestId('usage-upgrade')).toHaveAttribute('href', '/pricing');
  });

  it('has no upgrade link on a paid plan', async () => {
    openDashboard({ usage: aUsage(10, 1000, 'pro') });

    await screen.findByTestId('usage-text');
    expect(screen.queryByTestId('usage-upgrade')).not.toBeInTheDocument();
  });

  it('refetches the usage when the server warns about it', async () => {
    let usage = aUsage(10, 50, 'free');
    openDashboard({}, { 'GET /api/usage': () => json(200, usage) });
    await screen.findByTestId('usage-text');
    act(() => FakeWebSocket.latest().open());

    usage = aUsage(40, 50, 'free');
    act(() => FakeWebSocket.latest().receive({ type: 'usage_warning', message: USAGE_WARNING_MESSAGES[1] }));

    await waitFor(() =>
      expect(screen.getByTestId('usage-text')).toHaveTextContent('40 of 50 API calls used'),
    );
  });

  it('raises the limit live when a refill is credited (quiet usage_changed, no popup)', async () => {
    let usage = aUsage(50, 50, 'free');
    openDashboard({}, { 'GET /api/usage': () => json(200, usage) });
    await screen.findByTestId('refill-card');
    act(() => FakeWebSocket.latest().open());

    usage = aUsage(50, 550, 'free', { refillCalls: 500 });
    act(() =>
      FakeWebSocket.latest().receive({ type: 'usage_changed', message: '', data: { reason: 'purchase' } }),
    );

    await waitFor(() => expect(screen.getByTestId('usage-card')).toHaveAttribute('data-limit', '550'));
    expect(screen.getByTestId('usage-text')).toHaveTextContent('50 of 550 API calls used');
    expect(screen.queryByTestId('usage-warning')).not.toBeInTheDocument();
    expect(screen.queryByTestId('refill-card')).not.toBeInTheDocument();
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });
});

describe('dashboard messages tab', () => {
  const messages = [
    aMessage({ id: 'm-1', status: 'pending', customerName: null, platform: 'facebook' }),
    aMessage({ id: 'm-2', status: 'responded' }),
    aMessage({ id: 'm-3', status: 'read' }),
    aMessage({ id: 'm-4', status: 'sent', direction: 'outgoing', aiGenerated: true }),
  ];

  it('lists each message with its customer, platform, Medium badge and status', async () => {
    openDashboard({ messages });
    await userEvent.click(await screen.findByRole('tab', { name: 'Messages' }));

    const cards = await screen.findAllByTestId('dashboard-message');
    expect(
      cards.map((card) => {
        const status = within(card).getByTestId('dashboard-message-status');
        return [status.textContent, status.dataset.color];
      }),
    ).toEqual([
      ['Needs Response', 'red'],
      ['Responded', 'green'],
      ['Read', 'blue'],
      ['Sent', 'grey'],
    ]);
    // A customer whose name is not known is their channel's customer, with its icon.
    const unnamed = within(cards[0]).getByTestId('dashboard-message-customer');
    expect(unnamed).toHaveTextContent('Messenger customer');
    expect(within(unnamed).getByTestId('platform-icon')).toBeInTheDocument();
    expect(cards[0]).not.toHaveTextContent('Unknown User');
    expect(cards[1]).toHaveTextContent('Jane Smith');
    expect(cards[1]).toHaveTextContent('Instagram');
    expect(cards[1]).toHaveTextContent('Medium');
    expect(within(cards[1]).getByTestId('platform-icon')).toHaveTextContent('IG');
  });

  it("View Details opens the customer's conversation in the inbox", async () => {
    openDashboard({ messages });
    await userEvent.click(await screen.findByRole('tab', { name: 'Messages' }));

    const cards = await screen.findAllByTestId('dashboard-message');
    await userEvent.click(within(cards[1]).getByRole('button', { name: 'View Details' }));

    expect(await screen.findByTestId('inbox')).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/inbox?customer=c-1');
  });

  it('says No messages yet and offers the setup when there are none', async () => {
    openDashboard({ messages: [] });
    await userEvent.click(await screen.findByRole('tab', { name: 'Messages' }));

    const empty = await screen.findByTestId('dashboard-messages-empty');
    expect(empty).toHaveTextContent('No messages yet');
    expect(empty).toHaveTextContent('Connect your social media accounts to start receiving messages');
    expect(within(empty).getByRole('link', { name: 'Complete Setup' })).toHaveAttribute(
      'href',
      '/business-setup',
    );
  });
});

describe('welcome overlay', () => {
  afterEach(() => jest.useRealTimers());

  it('celebrates the first visit for 4 seconds with 50 confetti pieces, once', async () => {
    // Fake from the start: the overlay's timer starts when it shows, at most one waitFor step before it is found.
    jest.useFakeTimers();
    renderSignedIn('/', undefined, serverRoutes());
    const overlay = await screen.findByTestId('welcome-overlay');
    expect(within(overlay).getAllByTestId('confetti-piece')).toHaveLength(50);
    expect(overlay).toHaveTextContent('Welcome to Parley!');
    expect(window.localStorage.getItem(WELCOME_SEEN_KEY)).toBeNull();

    act(() => jest.advanceTimersByTime(3900));
    expect(screen.getByTestId('welcome-overlay')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByTestId('welcome-overlay')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(WELCOME_SEEN_KEY)).toBe('true');
  });

  it('welcomes an owner before setup and points to the setup, without saying the agent is ready', async () => {
    renderSignedIn('/', undefined, serverRoutes({ setupCompleted: false }));

    const overlay = await screen.findByTestId('welcome-overlay');
    expect(within(overlay).getByTestId('welcome-text')).toHaveTextContent(
      'Let’s get your AI agent ready: start by telling it about your business.',
    );
    expect(overlay).not.toHaveTextContent('ready to start answering');
    expect(within(overlay).getByRole('link', { name: 'Start setup' })).toHaveAttribute(
      'href',
      '/business-setup',
    );
  });

  it('says the agent is ready once the business setup is completed', async () => {
    renderSignedIn('/', undefined, serverRoutes({ setupCompleted: true }));

    const overlay = await screen.findByTestId('welcome-overlay');
    expect(within(overlay).getByTestId('welcome-text')).toHaveTextContent(
      'Your AI agent is ready to start answering your customers.',
    );
    expect(within(overlay).queryByRole('link', { name: 'Start setup' })).not.toBeInTheDocument();
  });

  it('waits for the AI configuration before it says anything', async () => {
    renderSignedIn('/', undefined, { ...serverRoutes(), 'GET /api/ai-config': never });

    await screen.findByTestId('stat-total-messages');
    expect(screen.queryByTestId('welcome-overlay')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(WELCOME_SEEN_KEY)).toBeNull();
  });

  it('does not show again once seen', async () => {
    openDashboard();
    await screen.findByTestId('stat-total-messages');

    expect(screen.queryByTestId('welcome-overlay')).not.toBeInTheDocument();
  });
});

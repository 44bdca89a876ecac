import type {
  CampaignResponse,
  EmailSequenceResponse,
  EmailSummaryResponse,
  EmailTemplateResponse,
  SubscriberImportResponse,
  SubscriberResponse,
} from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeRoutes, json, lastBodyOf, queryOf, requestsTo } from '../../../test/fake-api';
import { chooseOption } from '../../../test/antd';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { setViewportWidth } from '../../../test/viewport';
import { LANGUAGE_STORAGE_KEY } from '../../language';

const AT = '2026-12-01T09:00:00.000Z';

const summary: EmailSummaryResponse = {
  totalCampaigns: 2,
  subscribers: 1234,
  emailsSent: 5000,
  openRate: 27,
};

function aCampaign(overrides: Partial<CampaignResponse> = {}): CampaignResponse {
  return {
    id: 'c-1',
    name: 'Spring sale',
    subject: 'Our spring sale starts today',
    templateId: null,
    htmlContent: '<h1>Spring sale</h1><script>alert(1)</script>',
    textContent: null,
    status: 'draft',
    scheduledAt: null,
    audienceTags: [],
    sentAt: null,
    totalRecipients: 0,
    sentCount: 0,
    openCount: 0,
    clickCount: 0,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

const newsletter: EmailTemplateResponse = {
  id: 't-1',
  name: 'Monthly news',
  subject: 'News from us',
  htmlContent: '<p>Hello {{firstName}}</p>',
  textContent: null,
  templateType: 'newsletter',
  isActive: true,
  createdAt: AT,
  updatedAt: AT,
};

const grace: SubscriberResponse = {
  id: 's-1',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  status: 'subscribed',
  source: 'manual',
  tags: ['vip'],
  subscribedAt: AT,
  unsubscribedAt: null,
  customerId: null,
};

const welcomeSeries: EmailSequenceResponse = {
  id: 'q-1',
  name: 'Welcome series',
  triggerType: 'stage_reached',
  triggerStage: 'qualified',
  isActive: true,
  steps: [
    { id: 'st-1', stepOrder: 1, delayDays: 0, delayHours: 1, templateId: 't-1', isActive: true },
    { id: 'st-2', stepOrder: 2, delayDays: 2, delayHours: 0, templateId: null, isActive: true },
  ],
  activeSubscribers: 12,
  completedSubscribers: 3,
  createdAt: AT,
  updatedAt: AT,
};

const draft = aCampaign();
const sent = aCampaign({
  id: 'c-2',
  name: 'Winter news',
  status: 'sent',
  sentAt: AT,
  totalRecipients: 1200,
  sentCount: 1200,
  openCount: 324,
  clickCount: 41,
});

function openEmail(path = '/email-marketing', routes: FakeRoutes = {}) {
  return renderSignedIn(path, undefined, {
    'GET /api/email/summary': () => json(200, summary),
    'GET /api/email/campaigns': () => json(200, [draft, sent]),
    'GET /api/email/templates': () => json(200, [newsletter]),
    'GET /api/email/subscribers': () => json(200, [grace]),
    'GET /api/email/sequences': () => json(200, [welcomeSeries]),
    // Everyone: 1 234; those tagged vip: 12.
    'GET /api/email/audience': (request) =>
      json(200, { recipients: queryOf(request).tags === 'vip' ? 12 : 1234, tags: ['vip', 'spring'] }),
    ...routes,
  });
}

function card(testId: string, id: string): HTMLElement {
  const found = screen.getAllByTestId(testId).find((element) => Object.values(element.dataset).includes(id));
  if (!found) throw new Error(`No ${testId} ${id}`);
  return found;
}

async function findDialog(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error(`"${title}" is not a dialog's title`);
  return dialog;
}

describe('/email-marketing: the page', () => {
  it('shows the four summary cards from GET /api/email/summary', async () => {
    openEmail();
    expect(await screen.findByRole('heading', { level: 2, name: 'Email Marketing' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('email-subscribers-value')).toHaveTextContent('1,234'));
    expect(screen.getByTestId('email-total-campaigns')).toHaveTextContent('Total Campaigns');
    expect(screen.getByTestId('email-total-campaigns-value')).toHaveTextContent('2');
    expect(screen.getByTestId('email-emails-sent-value')).toHaveTextContent('5,000');
    expect(screen.getByTestId('email-open-rate')).toHaveTextContent('Open Rate');
    expect(screen.getByTestId('email-open-rate-value')).toHaveTextContent('27%');
  });

  it('has the tabs Campaigns, Templates, Subscribers and Automation', async () => {
    openEmail();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Campaigns',
      'Templates',
      'Subscribers',
      'Automation',
    ]);
  });

  it('shows each campaign with its status and figures; Send is disabled once sent', async () => {
    openEmail();
    await screen.findAllByTestId('email-campaign');
    const winter = card('email-campaign', 'c-2');
    expect(within(winter).getByTestId('email-campaign-status')).toHaveTextContent('Sent');
    expect(within(winter).getByTestId('email-campaign-sent')).toHaveTextContent('Sent1,200');
    expect(within(winter).getByTestId('email-campaign-opened')).toHaveTextContent('Opened324');
    expect(within(winter).getByTestId('email-campaign-clicked')).toHaveTextContent('Clicked41');
    expect(within(winter).getByTestId('email-campaign-send')).toBeDisabled();
    expect(within(card('email-campaign', 'c-1')).getByTestId('email-campaign-send')).toBeEnabled();
  });

  it.each([
    ['campaigns', '/email-marketing', 'No campaigns yet...'],
    ['templates', '/email-marketing?tab=templates', 'No templates yet...'],
    ['subscribers', '/email-marketing?tab=subscribers', 'No subscribers yet...'],
    ['sequences', '/email-marketing?tab=automation', 'No sequences yet...'],
  ])('shows the empty state of %s', async (name, path, title) => {
    openEmail(path, { [`GET /api/email/${name}`]: () => json(200, []) });
    expect(await screen.findByTestId(`email-${name}-empty`)).toHaveTextContent(title);
  });
});

describe('/email-marketing: automation', () => {
  it('lists the sequences with their trigger, steps and subscribers, and switches one off', async () => {
    const { fetchSpy } = openEmail('/email-marketing?tab=automation', {
      'PATCH /api/email/sequences/q-1': () => json(200, { ...welcomeSeries, isActive: false }),
    });
    const sequence = await screen.findByTestId('email-sequence');
    expect(within(sequence).getByTestId('email-sequence-trigger')).toHaveTextContent(
      'When a customer reaches Qualified',
    );
    await waitFor(() =>
      expect(within(sequence).getByTestId('email-sequence-steps')).toHaveTextContent(
        'After 1 hour: Monthly newsAfter 2 days: template deleted (skipped)',
      ),
    );
    expect(within(sequence).getByTestId('email-sequence-subscribers')).toHaveTextContent(
      '12 on their way · 3 finished',
    );
    await userEvent.click(within(sequence).getByTestId('email-sequence-switch'));
    expect((await findToast('Sequence switched off')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'PATCH /api/email/sequences/q-1')).toEqual({ isActive: false });
  });

  it.each([
    ['en', ['After 1 hour', 'After 2 days and 3 hours', 'Straight away', 'After 1 day and 11 hours']],
    [
      'es',
      ['Después de 1 hora', 'Después de 2 días y 3 horas', 'De inmediato', 'Después de 1 día y 11 horas'],
    ],
    [
      'ar',
      [
        'بعد ساعة',
        `بعد يومين و${new Intl.NumberFormat('ar').format(3)} ساعات`,
        'فورًا',
        `بعد يوم و${new Intl.NumberFormat('ar').format(11)} ساعة`,
      ],
    ],
  ] as const)("words each step's wait naturally (%s)", async (language, waits) => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    const steps = [
      [0, 1],
      [2, 3],
      [0, 0],
      [1, 11],
    ].map(([delayDays, delayHours], i) => ({
      id: `st-${i}`,
      stepOrder: i + 1,
      delayDays,
      delayHours,
      templateId: 't-1',
      isActive: true,
    }));
    openEmail('/email-marketing?tab=automation', {
      'GET /api/email/sequences': () => json(200, [{ ...welcomeSeries, steps }]),
    });
    const sequence = await screen.findByTestId('email-sequence');
    await waitFor(() =>
      expect(within(sequence).getByTestId('email-sequence-steps')).toHaveTextContent('Monthly news'),
    );
    const lines = within(within(sequence).getByTestId('email-sequence-steps')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent?.split(':')[0])).toEqual(waits);
  });

  it('builds a sequence: name, trigger and stage, steps with delays and templates', async () => {
    const { fetchSpy } = openEmail('/email-marketing?tab=automation', {
      'POST /api/email/sequences': () => json(201, welcomeSeries),
    });
    await userEvent.click(await screen.findByTestId('email-sequences-add'));
    const dialog = await findDialog('Create Sequence');
    await userEvent.click(within(dialog).getByTestId('sequence-form-submit'));
    expect(await within(dialog).findByText('Sequence name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Each step needs a template')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'POST /api/email/sequences')).toHaveLength(0);

    await userEvent.type(within(dialog).getByTestId('sequence-name'), 'Welcome series');
    await chooseOption(within(dialog).getByTestId('sequence-trigger'), 'When a customer reaches a stage');
    await chooseOption(await within(dialog).findByTestId('sequence-stage'), 'Qualified');
    await chooseOption(within(dialog).getByTestId('sequence-step-template'), 'Monthly news');
    await userEvent.click(within(dialog).getByTestId('sequence-add-step'));
    const [, second] = within(dialog).getAllByTestId('sequence-step');
    await userEvent.type(within(second).getByTestId('sequence-step-days'), '2');
    await chooseOption(within(second).getByTestId('sequence-step-template'), 'Monthly news');
    await userEvent.click(within(dialog).getByTestId('sequence-active'));
    await userEvent.click(within(dialog).getByTestId('sequence-form-submit'));

    expect((await findToast('Sequence created successfully')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/email/sequences')).toEqual({
      name: 'Welcome series',
      triggerType: 'stage_reached',
      triggerStage: 'qualified',
      isActive: true,
      steps: [
        { delayDays: 0, delayHours: 0, templateId: 't-1' },
        { delayDays: 2, delayHours: 0, templateId: 't-1' },
      ],
    });
  });
});

describe('/email-marketing: sending', () => {
  it('asks before sending, naming the recipients, then sends and says so', async () => {
    const { fetchSpy } = openEmail(undefined, {
      'POST /api/email/campaigns/c-1/send': () =>
        json(200, { ...draft, status: 'sending', totalRecipients: 1234 }),
    });
    await screen.findAllByTestId('email-campaign');
    await userEvent.click(within(card('email-campaign', 'c-1')).getByTestId('email-campaign-send'));

    const dialog = await findDialog('Send Campaign');
    expect(dialog).toHaveTextContent('Send "Spring sale" to 1,234 subscribers now?');
    expect(requestsTo(fetchSpy, 'POST /api/email/campaigns/c-1/send')).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('email-confirm-ok'));

    expect((await findToast('Campaign is being sent')).kind).toBe('success');
    expect(requestsTo(fetchSpy, 'POST /api/email/campaigns/c-1/send')).toHaveLength(1);
  });

  it('shows the progress of a sending campaign and pauses it; a paused one resumes', async () => {
    const sending = aCampaign({ status: 'sending', totalRecipients: 200, sentCount: 50 });
    const paused = aCampaign({
      id: 'c-3',
      name: 'Paused one',
      status: 'paused',
      totalRecipients: 10,
      sentCount: 4,
    });
    const { fetchSpy } = openEmail(undefined, {
      'GET /api/email/campaigns': () => json(200, [sending, paused]),
      'POST /api/email/campaigns/c-1/pause': () => json(200, { ...sending, status: 'paused' }),
      'POST /api/email/campaigns/c-3/resume': () => json(200, { ...paused, status: 'sending' }),
    });
    await screen.findAllByTestId('email-campaign');
    const bar = within(card('email-campaign', 'c-1')).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '25');

    await userEvent.click(within(card('email-campaign', 'c-1')).getByTestId('email-campaign-pause'));
    expect((await findToast('Campaign paused')).kind).toBe('success');
    await userEvent.click(within(card('email-campaign', 'c-3')).getByTestId('email-campaign-resume'));
    expect((await findToast('Campaign resumed')).kind).toBe('success');
    expect(requestsTo(fetchSpy, 'POST /api/email/campaigns/c-1/pause')).toHaveLength(1);
    expect(requestsTo(fetchSpy, 'POST /api/email/campaigns/c-3/resume')).toHaveLength(1);
  });

  it('names the recipients of a tagged audience before sending', async () => {
    openEmail(undefined, {
      'GET /api/email/campaigns': () => json(200, [aCampaign({ audienceTags: ['vip'] })]),
    });
    await screen.findAllByTestId('email-campaign');
    expect(within(card('email-campaign', 'c-1')).getByTestId('email-campaign-audience')).toHaveTextContent(
      'vip',
    );
    await userEvent.click(within(card('email-campaign', 'c-1')).getByTestId('email-campaign-send'));
    expect(await findDialog('Send Campaign')).toHaveTextContent('Send "Spring sale" to 12 subscribers now?');
  });

  it('moves the progress bar and figures with the /ws events, and shows the results once done', async () => {
    const sending = aCampaign({ status: 'sending', totalRecipients: 200, sentCount: 50 });
    openEmail(undefined, {
      'GET /api/email/campaigns': () => json(200, [sending]),
      'GET /api/email/campaigns/c-1/results': () =>
        json(200, {
          campaignId: 'c-1',
          totalRecipients: 200,
          sent: 200,
          delivered: 198,
          opened: 99,
          clicked: 20,
          bounced: 2,
          unsubscribed: 1,
          failed: 0,
          pending: 0,
        }),
    });
    await screen.findAllByTestId('email-campaign');
    act(() => FakeWebSocket.latest().open());
    const progress = (data: Partial<CampaignResponse>) =>
      act(() =>
        FakeWebSocket.latest().receive({
          type: 'email_campaign_progress',
          message: '',
          data: {
            campaignId: 'c-1',
            status: 'sending',
            totalRecipients: 200,
            sentCount: 50,
            openCount: 0,
            clickCount: 0,
            sentAt: null,
            ...data,
          },
        }),
      );
    progress({ sentCount: 150, openCount: 3 });
    await waitFor(() =>
      expect(within(card('email-campaign', 'c-1')).getByRole('progressbar')).toHaveAttribute(
        'aria-valuenow',
        '75',
      ),
    );
    expect(within(card('email-campaign', 'c-1')).getByTestId('email-campaign-opened')).toHaveTextContent('3');

    progress({ status: 'sent', sentCount: 198, openCount: 5, sentAt: AT });
    await waitFor(() =>
      expect(within(card('email-campaign', 'c-1')).getByTestId('email-campaign-status')).toHaveTextContent(
        'Sent',
      ),
    );
    expect(within(card('email-campaign', 'c-1')).queryByRole('progressbar')).toBeNull();
    await userEvent.click(within(card('email-campaign', 'c-1')).getByTestId('email-campaign-results'));
    const results = await findDialog('Results: Spring sale');
    for (const [key, value] of [
      ['sent', '200'],
      ['delivered', '198'],
      ['opened', '99'],
      ['clicked', '20'],
      ['bounced', '2'],
      ['unsubscribed', '1'],
    ]) {
      expect(await within(results).findByTestId(`campaign-results-${key}-value`)).toHaveTextContent(value);
    }
    expect(within(results).getByTestId('campaign-results-opened')).toHaveTextContent('(50%)');
  });

  it("shows the server's reason when a send is refused", async () => {
    openEmail(undefined, {
      'POST /api/email/campaigns/c-1/send': () =>
        json(409, { message: 'The campaign is sent and cannot be sent again', code: 'CONFLICT' }),
    });
    await screen.findAllByTestId('email-campaign');
    await userEvent.click(within(card('email-campaign', 'c-1')).getByTestId('email-campaign-send'));
    await userEvent.click(within(await findDialog('Send Campaign')).getByTestId('email-confirm-ok'));
    expect((await findToast('The campaign is sent and cannot be sent again')).kind).toBe('error');
  });
});

describe('/email-marketing: dialogs', () => {
  it('refuses an empty template with the spec texts, then creates one', async () => {
    const { fetchSpy } = openEmail('/email-marketing?tab=templates', {
      'POST /api/email/templates': () => json(201, newsletter),
    });
    await userEvent.click(await screen.findByTestId('email-templates-add'));
    const dialog = await findDialog('Create Template');
    await userEvent.click(within(dialog).getByTestId('template-form-submit'));

    expect(await within(dialog).findByText('Template name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Subject is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email content is required')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'POST /api/email/templates')).toHaveLength(0);

    await userEvent.type(within(dialog).getByTestId('template-name'), 'Monthly news');
    await userEvent.type(within(dialog).getByTestId('template-subject'), 'News from us');
    fireEvent.change(within(dialog).getByTestId('template-html'), { target: { value: '<p>Hello</p>' } });
    await userEvent.click(within(dialog).getByTestId('template-form-submit'));

    expect((await findToast('Template created successfully')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/email/templates')).toEqual({
      name: 'Monthly news',
      subject: 'News from us',
      htmlContent: '<p>Hello</p>',
      textContent: null,
      templateType: 'newsletter',
    });
  });

  it('says Failed to create template when the server gives no reason', async () => {
    openEmail('/email-marketing?tab=templates', {
      'POST /api/email/templates': () => new Response('', { status: 502 }),
    });
    await userEvent.click(await screen.findByTestId('email-templates-add'));
    const dialog = await findDialog('Create Template');
    await userEvent.type(within(dialog).getByTestId('template-name'), 'Monthly news');
    await userEvent.type(within(dialog).getByTestId('template-subject'), 'News');
    fireEvent.change(within(dialog).getByTestId('template-html'), { target: { value: '<p>Hi</p>' } });
    await userEvent.click(within(dialog).getByTestId('template-form-submit'));
    expect((await findToast('Failed to create template')).kind).toBe('error');
  });

  it('refuses a campaign without a name, then creates one from a template', async () => {
    const { fetchSpy } = openEmail(undefined, {
      'POST /api/email/campaigns': () => json(201, draft),
    });
    await userEvent.click(await screen.findByTestId('email-campaigns-add'));
    const dialog = await findDialog('Create Campaign');
    await userEvent.click(within(dialog).getByTestId('campaign-form-submit'));
    expect(await within(dialog).findByText('Campaign name is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByTestId('campaign-name'), 'Spring sale');
    await chooseOption(within(dialog).getByTestId('campaign-template'), 'Monthly news');
    await waitFor(() => expect(within(dialog).getByTestId('campaign-subject')).toHaveValue('News from us'));
    // The audience: everyone (1 234 now), then only those tagged vip (12).
    await waitFor(() =>
      expect(within(dialog).getByTestId('campaign-recipients')).toHaveTextContent('1,234 recipients now'),
    );
    await chooseOption(within(dialog).getByTestId('campaign-audience'), 'vip');
    await waitFor(() =>
      expect(within(dialog).getByTestId('campaign-recipients')).toHaveTextContent('12 recipients now'),
    );
    await userEvent.click(within(dialog).getByTestId('campaign-form-submit'));

    expect((await findToast('Campaign created successfully')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/email/campaigns')).toEqual({
      name: 'Spring sale',
      subject: 'News from us',
      htmlContent: '<p>Hello {{firstName}}</p>',
      textContent: null,
      templateId: 't-1',
      scheduledAt: null,
      audienceTags: ['vip'],
    });
  });

  it('lets only the name of a sent campaign change', async () => {
    const { fetchSpy } = openEmail(undefined, {
      'PATCH /api/email/campaigns/c-2': () => json(200, { ...sent, name: 'Winter letter' }),
    });
    await screen.findAllByTestId('email-campaign');
    await userEvent.click(within(card('email-campaign', 'c-2')).getByTestId('email-edit'));
    const dialog = await findDialog('Edit Campaign');
    expect(within(dialog).getByTestId('campaign-started-notice')).toBeInTheDocument();
    expect(within(dialog).getByTestId('campaign-subject')).toBeDisabled();
    await userEvent.clear(within(dialog).getByTestId('campaign-name'));
    await userEvent.type(within(dialog).getByTestId('campaign-name'), 'Winter letter');
    await userEvent.click(within(dialog).getByTestId('campaign-form-submit'));
    expect((await findToast('Campaign updated successfully')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'PATCH /api/email/campaigns/c-2')).toEqual({ name: 'Winter letter' });
  });

  it('refuses an invalid subscriber address, then says Failed to add subscriber when the server fails', async () => {
    const { fetchSpy } = openEmail('/email-marketing?tab=subscribers', {
      'POST /api/email/subscribers': () => new Response('', { status: 503 }),
    });
    await userEvent.click(await screen.findByTestId('email-subscribers-add'));
    const dialog = await findDialog('Add Subscriber');
    await userEvent.type(within(dialog).getByTestId('subscriber-email'), 'not-an-address');
    await userEvent.click(within(dialog).getByTestId('subscriber-form-submit'));
    expect(await within(dialog).findByText('Valid email is required')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'POST /api/email/subscribers')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByTestId('subscriber-email'));
    await userEvent.type(within(dialog).getByTestId('subscriber-email'), 'ada@example.com');
    await userEvent.type(within(dialog).getByTestId('subscriber-tags'), 'vip, , spring ');
    await userEvent.click(within(dialog).getByTestId('subscriber-form-submit'));
    expect((await findToast('Failed to add subscriber')).kind).toBe('error');
    expect(await lastBodyOf(fetchSpy, 'POST /api/email/subscribers')).toEqual({
      email: 'ada@example.com',
      firstName: null,
      lastName: null,
      tags: ['vip', 'spring'],
    });
  });

  it('adds a subscriber: Subscriber added successfully', async () => {
    openEmail('/email-marketing?tab=subscribers', {
      'POST /api/email/subscribers': () => json(201, grace),
    });
    await userEvent.click(await screen.findByTestId('email-subscribers-add'));
    const dialog = await findDialog('Add Subscriber');
    await userEvent.type(within(dialog).getByTestId('subscriber-email'), 'grace@example.com');
    await userEvent.click(within(dialog).getByTestId('subscriber-form-submit'));
    expect((await findToast('Subscriber added successfully')).kind).toBe('success');
  });

  it('previews a template in a sandboxed frame, at desktop and phone width', async () => {
    openEmail('/email-marketing?tab=templates');
    await screen.findAllByTestId('email-template');
    await userEvent.click(within(card('email-template', 't-1')).getByTestId('email-preview-open'));
    const frame = await screen.findByTestId('email-preview-frame');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Hello {{firstName}}</p>');
    expect(frame).toHaveStyle({ width: '600px' });
    await userEvent.click(screen.getByText('Phone'));
    expect(frame).toHaveStyle({ width: '375px' });
  });
});

describe('/email-marketing: CSV import', () => {
  function aFile(name: string, type: string, size = 2048): File {
    return { name, type, size } as unknown as File;
  }

  const result: SubscriberImportResponse = {
    created: 3,
    updated: 1,
    merged: 1,
    skipped: 1,
    errors: [{ row: 4, message: 'Valid email is required' }],
  };

  it('imports a CSV and lists the rows it refused, with their numbers', async () => {
    const { fetchSpy } = openEmail('/email-marketing?tab=subscribers', {
      'POST /api/email/subscribers/import': () => json(200, result),
    });
    await userEvent.click(await screen.findByTestId('email-subscribers-import'));
    await findDialog('Import Subscribers');
    fireEvent.change(screen.getByTestId('subscriber-import-file-input'), {
      target: { files: [aFile('list.csv', 'text/csv')] },
    });

    expect((await findToast('4 subscribers imported.')).kind).toBe('success');
    const outcome = await screen.findByTestId('subscriber-import-result');
    expect(outcome).toHaveTextContent('Added 3, updated 1, merged 1, skipped 1');
    expect(within(outcome).getByTestId('subscriber-import-row-error')).toHaveTextContent(
      'Row 4: Valid email is required',
    );
    expect(requestsTo(fetchSpy, 'POST /api/email/subscribers/import')).toHaveLength(1);
  });

  it('refuses a file that is not a CSV before sending it', async () => {
    const { fetchSpy } = openEmail('/email-marketing?tab=subscribers');
    await userEvent.click(await screen.findByTestId('email-subscribers-import'));
    fireEvent.change(await screen.findByTestId('subscriber-import-file-input'), {
      target: { files: [aFile('photo.png', 'image/png')] },
    });
    expect((await findToast('Please upload a CSV file.')).kind).toBe('error');
    expect(requestsTo(fetchSpy, 'POST /api/email/subscribers/import')).toHaveLength(0);
  });
});

describe('/email-marketing in Arabic, and on a phone', () => {
  it('is in Arabic, right to left', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openEmail();
    expect(await screen.findByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByTestId('email-open-rate')).toHaveTextContent('معدل الفتح');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['الحملات', 'القوالب', 'المشتركون', 'الأتمتة']);
  });

  it('keeps every campaign action on a 390 px screen', async () => {
    setViewportWidth(390);
    openEmail();
    await screen.findAllByTestId('email-campaign');
    const spring = card('email-campaign', 'c-1');
    expect(within(spring).getByTestId('email-campaign-send')).toBeVisible();
    expect(within(spring).getByTestId('email-edit')).toBeVisible();
  });
});

import type { CustomerResponse, WhatsAppTemplateResponse } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeRoutes, json, lastBodyOf, requestsTo } from '../../../test/fake-api';
import { aCustomer } from '../../../test/fixtures/customers';
import { aMessage } from '../../../test/fixtures/messages';
import { findToast } from '../../../test/toasts';
import { setViewportWidth } from '../../../test/viewport';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { type InboxServer, janeServer, openInbox } from './fake-inbox';

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const TEMPLATES = 'GET /api/conversations/c-1/templates';
const SEND = 'POST /api/conversations/c-1/template';

const orderUpdate: WhatsAppTemplateResponse = {
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  header: 'Order update',
  body: 'Hi {{1}}, your order {{2}} has shipped.',
  footer: 'Reply STOP to opt out',
  parameterCount: 2,
};

const welcomeBack: WhatsAppTemplateResponse = {
  name: 'welcome_back',
  language: 'es',
  category: 'MARKETING',
  header: null,
  body: '¡Hola! Te echamos de menos.',
  footer: null,
  parameterCount: 0,
};

/** Jane on WhatsApp, written through a connected number `lastWroteHoursAgo` hours ago. */
const onWhatsApp = (lastWroteHoursAgo: number, overrides: Partial<CustomerResponse> = {}) =>
  aCustomer({
    platform: 'whatsapp',
    reachable: true,
    lastInboundAt: hoursAgo(lastWroteHoursAgo),
    ...overrides,
  });

/** WhatsApp's window closed: only a template may go out. */
const outsideWindow = () => janeServer({ customers: [onWhatsApp(30)] });

beforeEach(() => setViewportWidth(1280));

/** /inbox with Jane's conversation open, once her messages show; the number's templates are `templates`. */
async function openThread(
  server: InboxServer,
  routes: FakeRoutes = {},
  templates: WhatsAppTemplateResponse[] = [orderUpdate, welcomeBack],
) {
  const rendered = openInbox(server, '/inbox?customer=c-1', {
    [TEMPLATES]: () => json(200, templates),
    ...routes,
  });
  await screen.findByTestId('thread');
  await waitFor(() => expect(requestsTo(rendered.fetchSpy, 'GET /api/messages')).toHaveLength(1));
  return rendered;
}

/** Opens the dialog from the thread; resolves once the templates are listed (or the list's state shows). */
async function openDialog(name = 'Send a template') {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
}

/** The name · language of an option in the open template list. */
const OPTION_TEXT = '.ant-select-item-option-content span';

/** Picks the template shown as `label` ("name · language") in the dialog's select. */
async function pickTemplate(label: string) {
  // find…, not get…: in a dialog opened a second time the select shows before it is accessible.
  fireEvent.mouseDown(await within(await screen.findByTestId('template-select')).findByRole('combobox'));
  await userEvent.click(await screen.findByText(label, { selector: OPTION_TEXT }));
}

/** Puts `text` in the input labelled `label` at once (as pasted: quicker than typing it key by key). */
async function fill(label: string, text: string) {
  await userEvent.click(await screen.findByLabelText(label));
  await userEvent.paste(text);
}

const preview = () => screen.getByTestId('template-preview');

describe('the thread: Send a template', () => {
  it('is beside the open reply box of a WhatsApp customer who wrote through a connected number', async () => {
    const { fetchSpy } = await openThread(janeServer({ customers: [onWhatsApp(1)] }));

    const button = await screen.findByRole('button', { name: 'Send a template' });
    expect(button).not.toHaveClass('ant-btn-primary');
    expect(screen.getByTestId('thread-reply-input')).toBeEnabled();
    // The templates are read only when the owner opens the dialog.
    expect(requestsTo(fetchSpy, TEMPLATES)).toHaveLength(0);
  });

  it.each([
    ['a simulated WhatsApp customer', aCustomer({ platform: 'whatsapp', lastInboundAt: hoursAgo(30) })],
    [
      'a Messenger customer',
      aCustomer({ platform: 'facebook', reachable: true, lastInboundAt: hoursAgo(1) }),
    ],
  ])('is not offered to %s', async (_who, customer) => {
    await openThread(janeServer({ customers: [customer] }));
    await screen.findAllByTestId('thread-message');
    expect(screen.queryByRole('button', { name: 'Send a template' })).not.toBeInTheDocument();
  });

  it('is the way to write when WhatsApp allows only a template, and the notice points to it', async () => {
    await openThread(outsideWindow());

    const button = await screen.findByRole('button', { name: 'Send a template' });
    expect(button).toHaveClass('ant-btn-primary');
    expect(button).toHaveTextContent('Send a template');
    expect(screen.getByTestId('thread-reply-input')).toBeDisabled();
    expect(screen.getByTestId('thread-window')).toHaveTextContent(
      'The customer wrote more than 24 hours ago: WhatsApp allows only an approved template until they write again. Use Send a template, beside the reply box.',
    );
  });
});

describe('the template dialog', () => {
  it('lists the approved templates with their category; picking one shows its values and a live preview', async () => {
    const { fetchSpy } = await openThread(outsideWindow());
    await openDialog();

    expect(requestsTo(fetchSpy, TEMPLATES)).toHaveLength(1);
    fireEvent.mouseDown(within(await screen.findByTestId('template-select')).getByRole('combobox'));
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent),
      ).toEqual(['order_update · en_USUtility', 'welcome_back · esMarketing']),
    );
    await userEvent.click(screen.getByText('order_update · en_US', { selector: OPTION_TEXT }));

    const first = await screen.findByLabelText('Value for {{1}}');
    expect(screen.getByLabelText('Value for {{2}}')).toBeInTheDocument();
    expect(preview().textContent).toBe(
      'Order update\n\nHi {{1}}, your order {{2}} has shipped.\n\nReply STOP to opt out',
    );

    await userEvent.type(first, 'Jane');

    await waitFor(() =>
      expect(preview().textContent).toBe(
        'Order update\n\nHi Jane, your order {{2}} has shipped.\n\nReply STOP to opt out',
      ),
    );
    // What the owner wrote keeps its own direction.
    expect(within(preview()).getByText(/Hi Jane/)).toHaveAttribute('dir', 'auto');

    await pickTemplate('welcome_back · es');
    await waitFor(() => expect(screen.queryByLabelText('Value for {{1}}')).not.toBeInTheDocument());
    expect(preview().textContent).toBe('¡Hola! Te echamos de menos.');
  });

  it('sends { name, language, parameters } and the message shows in the thread', async () => {
    const server = outsideWindow();
    const sent = aMessage({
      id: 'm-2',
      platform: 'whatsapp',
      direction: 'outgoing',
      status: 'queued',
      content: 'Order update\n\nHi Jane, your order A-1042 has shipped.\n\nReply STOP to opt out',
      template: { name: 'order_update', language: 'en_US' },
    });
    const { fetchSpy } = await openThread(server, {
      [SEND]: () => {
        server.threads['c-1'] = [sent, ...(server.threads['c-1'] ?? [])];
        return json(201, sent);
      },
    });
    await openDialog();
    await pickTemplate('order_update · en_US');

    await fill('Value for {{1}}', ' Jane ');
    await fill('Value for {{2}}', 'A-1042');
    await userEvent.click(screen.getByTestId('template-send'));

    expect(await lastBodyOf(fetchSpy, SEND)).toEqual({
      name: 'order_update',
      language: 'en_US',
      parameters: ['Jane', 'A-1042'],
    });
    expect((await findToast('Template sent.')).kind).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/Hi Jane, your order A-1042 has shipped\./)).toBeInTheDocument();
    expect(screen.getByTestId('thread-message-template')).toHaveTextContent('Template: order_update');
  });

  it('checks the values as the server does: filled in, not blank, no run of more than 4 spaces', async () => {
    const { fetchSpy } = await openThread(outsideWindow());
    await openDialog();
    await pickTemplate('order_update · en_US');

    await fill('Value for {{1}}', '   ');
    await fill('Value for {{2}}', 'A     1042');
    await userEvent.click(screen.getByTestId('template-send'));

    // Each field's message comes with the form's validation pass: on a loaded CI machine past 1 s.
    const slow = { timeout: 5_000 };
    expect(await screen.findByText('Please fill in this value', {}, slow)).toBeInTheDocument();
    expect(
      await screen.findByText('No new line, tab or more than 4 spaces in a row', {}, slow),
    ).toBeInTheDocument();
    expect(requestsTo(fetchSpy, SEND)).toHaveLength(0);
  });

  it("shows the server's reason when it refuses the send, and keeps the dialog", async () => {
    await openThread(outsideWindow(), {
      [SEND]: () =>
        json(400, {
          message: 'This template takes 2 parameters',
          code: 'VALIDATION_FAILED',
          field: 'parameters',
        }),
    });
    await openDialog();
    await pickTemplate('order_update · en_US');
    await fill('Value for {{1}}', 'Jane');
    await fill('Value for {{2}}', 'A-1042');
    await userEvent.click(screen.getByTestId('template-send'));

    expect((await findToast('This template takes 2 parameters')).kind).toBe('error');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Value for {{1}}')).toHaveValue('Jane');
  });

  it('says where templates come from when the number has none; one approved meanwhile shows on the next opening', async () => {
    const approved: WhatsAppTemplateResponse[] = [];
    const { fetchSpy } = await openThread(outsideWindow(), {}, approved);
    await openDialog();

    expect(await screen.findByTestId('template-empty')).toHaveTextContent(
      'No approved templates on this WhatsApp number yet.',
    );
    expect(screen.getByTestId('template-empty-hint')).toHaveTextContent(
      'Templates are created and approved in WhatsApp Manager.',
    );
    expect(screen.queryByTestId('template-send')).not.toBeInTheDocument();

    approved.push(orderUpdate);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await openDialog();

    await pickTemplate('order_update · en_US');
    expect(requestsTo(fetchSpy, TEMPLATES)).toHaveLength(2);
  });

  it('says why the templates cannot be listed', async () => {
    await openThread(outsideWindow(), {
      [TEMPLATES]: () =>
        json(503, { message: 'WhatsApp is not answering right now.', code: 'SERVICE_UNAVAILABLE' }),
    });
    await openDialog();

    expect(await screen.findByTestId('template-load-failed')).toHaveTextContent(
      'WhatsApp is not answering right now.',
    );
  });

  it('reads in Arabic, right to left; the template keeps its own direction', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    await openThread(outsideWindow());

    expect(await screen.findByTestId('thread-window')).toHaveTextContent(
      'كتب العميل قبل أكثر من 24 ساعة: لا يسمح واتساب إلا بقالب معتمد حتى يكتب مجددًا. استخدم «إرسال قالب» بجانب مربع الرد.',
    );
    const dialog = await openDialog('إرسال قالب');
    expect(within(dialog).getByText('إرسال قالب واتساب')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await pickTemplate('order_update · en_US');

    expect(await screen.findByLabelText('قيمة {{1}}')).toHaveAttribute('dir', 'auto');
    expect(within(preview()).getByText(/Hi \{\{1\}\}/)).toHaveAttribute('dir', 'auto');
  });
});

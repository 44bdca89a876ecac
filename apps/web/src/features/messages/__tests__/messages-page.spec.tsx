import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseOption, optionsOf } from '../../../test/antd';
import { type FakeRoutes, json, lastBodyOf, never, queryOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { aCustomer } from '../../../test/fixtures/customers';
import { anIntegration } from '../../../test/fixtures/integrations';
import { aMessage } from '../../../test/fixtures/messages';

function openMessages(routes: FakeRoutes, path = '/messages') {
  return renderSignedIn(path, undefined, routes);
}

function cards() {
  return screen.getAllByTestId('message-card');
}

function card(id: string) {
  const found = cards().find((element) => element.dataset.messageId === id);
  if (!found) throw new Error(`No card for message ${id}`);
  return found;
}

describe('/messages: the cards', () => {
  const inbox = [
    aMessage({ id: 'm-ig', platform: 'instagram', minutesAgo: 0 }),
    aMessage({
      id: 'm-fb',
      platform: 'facebook',
      direction: 'outgoing',
      aiGenerated: true,
      status: 'sent',
      content: 'Yes, we ship to Spain.',
      minutesAgo: 5,
    }),
    aMessage({ id: 'm-tw', platform: 'twitter', status: 'responded', responseTime: 12, minutesAgo: 3 * 60 }),
    aMessage({
      id: 'm-wa',
      platform: 'whatsapp',
      direction: 'outgoing',
      aiGenerated: false,
      status: 'sent',
      minutesAgo: 2 * 1440,
    }),
  ];

  it('show the icon code, content, label, relative time and response time of each message', async () => {
    openMessages({ 'GET /api/messages': () => json(200, inbox) });
    await screen.findAllByTestId('message-card');

    const rows = cards().map((element) => [
      within(element).getByTestId('platform-icon').textContent,
      within(element).getByTestId('message-label').textContent,
      within(element).getByTestId('message-time').textContent,
      within(element).queryByTestId('message-response-time')?.textContent ?? null,
    ]);
    expect(rows).toEqual([
      ['IG', 'Incoming', 'Just now', null],
      ['FB', 'AI Response', '5 minutes ago', null],
      ['TW', 'Incoming', '3 hours ago', 'Response time: 12s'],
      ['WH', 'Manual Response', '2 days ago', null],
    ]);
    expect(within(card('m-fb')).getByTestId('message-content')).toHaveTextContent('Yes, we ship to Spain.');
  });

  it('offer View Thread on every card and Respond only on incoming pending ones', async () => {
    openMessages({ 'GET /api/messages': () => json(200, inbox) });
    await screen.findAllByTestId('message-card');

    expect(
      cards().map((element) => within(element).queryByRole('link', { name: 'View Thread' }) !== null),
    ).toEqual([true, true, true, true]);
    expect(
      cards().map((element) => within(element).queryByRole('link', { name: 'Respond' }) !== null),
    ).toEqual([true, false, false, false]);
  });

  it('mark a message the agent could not answer Needs a person', async () => {
    openMessages({
      'GET /api/messages': () =>
        json(200, [aMessage({ id: 'm-unknown', needsHuman: true }), aMessage({ id: 'm-known' })]),
    });
    await screen.findAllByTestId('message-card');

    expect(within(card('m-unknown')).getByTestId('message-needs-human')).toHaveTextContent('Needs a person');
    expect(within(card('m-known')).queryByTestId('message-needs-human')).not.toBeInTheDocument();
  });

  it("reads 'Unknown' when a message has no time", async () => {
    openMessages({ 'GET /api/messages': () => json(200, [aMessage({ timestamp: '' })]) });

    expect(await screen.findByTestId('message-time')).toHaveTextContent('Unknown');
  });

  it('shows 5 skeleton rows while loading', async () => {
    openMessages({ 'GET /api/messages': never });

    await waitFor(() => expect(screen.getAllByTestId('message-skeleton')).toHaveLength(5));
    expect(screen.queryByTestId('message-card')).not.toBeInTheDocument();
  });

  it('says No messages found, with a hint to simulate one, when there are none', async () => {
    openMessages({ 'GET /api/messages': () => json(200, []) });

    const empty = await screen.findByTestId('messages-empty');
    expect(empty).toHaveTextContent('No messages found');
    expect(within(empty).getByTestId('messages-empty-hint')).toHaveTextContent(
      'Customer messages will appear here as they arrive. Use Simulate Message to try your AI agent.',
    );
  });

  it('says No messages found, with a hint about the filters, when filters exclude everything', async () => {
    openMessages({
      'GET /api/messages': (request) => json(200, queryOf(request).status ? [] : inbox),
    });
    await screen.findAllByTestId('message-card');

    await chooseOption(screen.getByTestId('messages-status-filter'), 'Pending');

    const empty = await screen.findByTestId('messages-empty');
    expect(empty).toHaveTextContent('No messages found');
    expect(within(empty).getByTestId('messages-empty-hint')).toHaveTextContent(
      'No messages match your search or filters. Try changing them.',
    );
  });
});

describe('/messages: search and filters run on the server', () => {
  it('asks for everything first, without filters', async () => {
    const { fetchSpy } = openMessages({ 'GET /api/messages': () => json(200, []) });
    await screen.findByTestId('messages-empty');

    expect(requestsTo(fetchSpy, 'GET /api/messages').map(queryOf)).toEqual([{}]);
  });

  it('sends the search once typing pauses (debounced), as q', async () => {
    const { fetchSpy } = openMessages({ 'GET /api/messages': () => json(200, []) });
    await screen.findByTestId('messages-empty');

    await userEvent.type(screen.getByTestId('messages-search'), 'ship');

    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'GET /api/messages').map(queryOf)).toEqual([{}, { q: 'ship' }]),
    );
    expect(window.location.search).toBe('?q=ship');
  });

  it('sends the platform and status filters; All sends none', async () => {
    const { fetchSpy } = openMessages({ 'GET /api/messages': () => json(200, []) });
    await screen.findByTestId('messages-empty');

    await chooseOption(screen.getByTestId('messages-platform-filter'), 'Facebook');
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/messages').at(-1)).toBeDefined());
    await chooseOption(screen.getByTestId('messages-status-filter'), 'Responded');
    await waitFor(() =>
      expect(queryOf(requestsTo(fetchSpy, 'GET /api/messages').at(-1) as Request)).toEqual({
        platform: 'facebook',
        status: 'responded',
      }),
    );
    await chooseOption(screen.getByTestId('messages-platform-filter'), 'All platforms');
    await waitFor(() =>
      expect(queryOf(requestsTo(fetchSpy, 'GET /api/messages').at(-1) as Request)).toEqual({
        status: 'responded',
      }),
    );
  });

  it('offers the platforms all, instagram, facebook, twitter and the statuses all, pending, responded', async () => {
    openMessages({ 'GET /api/messages': () => json(200, []) });
    await screen.findByTestId('messages-empty');

    expect(await optionsOf(screen.getByTestId('messages-platform-filter'))).toEqual([
      'All platforms',
      'Instagram',
      'Facebook',
      'Twitter',
    ]);
    expect(await optionsOf(screen.getByTestId('messages-status-filter'))).toEqual([
      'All statuses',
      'Pending',
      'Responded',
    ]);
  });

  it('starts from ?q= in the address (the dashboard search links here)', async () => {
    const { fetchSpy } = openMessages({ 'GET /api/messages': () => json(200, []) }, '/messages?q=refund');
    await screen.findByTestId('messages-empty');

    expect(screen.getByTestId('messages-search')).toHaveValue('refund');
    expect(requestsTo(fetchSpy, 'GET /api/messages').map(queryOf)).toEqual([{ q: 'refund' }]);
  });

  it('loads the next page with the cursor of x-next-cursor, and offers no more on the last page', async () => {
    const { fetchSpy } = openMessages({
      'GET /api/messages': (request) =>
        queryOf(request).cursor === 'page-2'
          ? json(200, [aMessage({ id: 'm-old' })])
          : json(200, [aMessage({ id: 'm-new' })], { 'X-Next-Cursor': 'page-2' }),
    });
    await screen.findAllByTestId('message-card');

    await userEvent.click(screen.getByTestId('messages-load-more'));

    await waitFor(() =>
      expect(cards().map((element) => element.dataset.messageId)).toEqual(['m-new', 'm-old']),
    );
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/messages').at(-1) as Request)).toEqual({
      cursor: 'page-2',
    });
    expect(screen.queryByTestId('messages-load-more')).not.toBeInTheDocument();
  });

  it('refreshes by itself when the server announces a new message', async () => {
    let inbox = [aMessage({ id: 'm-1' })];
    openMessages({ 'GET /api/messages': () => json(200, inbox) });
    await screen.findAllByTestId('message-card');
    act(() => FakeWebSocket.latest().open());

    inbox = [aMessage({ id: 'm-2', content: 'Is it in stock?' }), ...inbox];
    act(() =>
      FakeWebSocket.latest().receive({ type: 'new_message', message: 'New message from Jane Smith' }),
    );

    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(card('m-2')).toHaveTextContent('Is it in stock?');
  });
});

describe('/messages: Simulate Message', () => {
  async function openDialog(routes: FakeRoutes = {}) {
    const rendered = openMessages({
      'GET /api/messages': () => json(200, []),
      // Instagram connected: the spec's default (with none connected, test-data.spec.tsx).
      'GET /api/social-integrations': () =>
        json(200, [anIntegration('instagram'), anIntegration('facebook')]),
      ...routes,
    });
    await screen.findByTestId('messages-empty');
    await userEvent.click(screen.getByRole('button', { name: 'Simulate Message' }));
    await screen.findByTestId('simulate-form');
    return rendered;
  }

  async function fill(fields: { sender?: string; username?: string; content?: string }) {
    if (fields.sender) await userEvent.type(screen.getByTestId('simulate-sender-name'), fields.sender);
    if (fields.username)
      await userEvent.type(screen.getByTestId('simulate-platform-username'), fields.username);
    if (fields.content) await userEvent.type(screen.getByTestId('simulate-content'), fields.content);
  }

  it('starts on instagram when it is connected', async () => {
    await openDialog();

    await waitFor(() => expect(screen.getByTestId('simulate-platform')).toHaveTextContent('Instagram'));
  });

  it.each([
    ['the sender name', { username: 'jane.smith', content: 'Hello' }],
    ['the platform username', { sender: 'Jane Smith', content: 'Hello' }],
    ['the content', { sender: 'Jane Smith', username: 'jane.smith' }],
    ['the content (only spaces)', { sender: 'Jane Smith', username: 'jane.smith', content: '   ' }],
  ])('sends nothing without %s', async (_missing, fields) => {
    const { fetchSpy } = await openDialog({ 'POST /api/simulate-message': () => json(201, {}) });

    await fill(fields);
    await userEvent.click(screen.getByTestId('simulate-submit'));

    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'POST /api/simulate-message')).toHaveLength(0);
  });

  it('sends the message, says so, clears the fields and refreshes the inbox', async () => {
    const { fetchSpy } = await openDialog({
      'POST /api/simulate-message': () => json(201, { messageId: 'm-9', customerId: 'c-9', stored: true }),
    });

    await chooseOption(screen.getByTestId('simulate-platform'), 'Twitter');
    await fill({ sender: 'Jane Smith', username: 'jane.smith', content: 'Do you ship to Spain?' });
    await userEvent.click(screen.getByTestId('simulate-submit'));

    const toast = await findToast('A test message has been sent to the AI agent for processing.');
    expect(toast.kind).toBe('success');
    expect(toast.hasTitle('Message Simulated')).toBe(true);
    expect(await lastBodyOf(fetchSpy, 'POST /api/simulate-message')).toEqual({
      platform: 'twitter',
      senderName: 'Jane Smith',
      platformUsername: 'jane.smith',
      content: 'Do you ship to Spain?',
    });
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/messages')).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Simulate Message' }));
    expect(screen.getByTestId('simulate-sender-name')).toHaveValue('');
    expect(screen.getByTestId('simulate-platform-username')).toHaveValue('');
    expect(screen.getByTestId('simulate-content')).toHaveValue('');
    expect(screen.getByTestId('simulate-platform')).toHaveTextContent('Instagram');
  });

  it('says Failed to simulate message. when the server refuses', async () => {
    await openDialog({ 'POST /api/simulate-message': () => json(400, { message: 'Content is required' }) });

    await fill({ sender: 'Jane Smith', username: 'jane.smith', content: 'Hello' });
    await userEvent.click(screen.getByTestId('simulate-submit'));

    const toast = await findToast('Failed to simulate message.');
    expect(toast.kind).toBe('error');
  });
});

describe("/messages: the customer's conversation opens in the inbox", () => {
  function routes(): FakeRoutes {
    return {
      'GET /api/messages': (request) =>
        queryOf(request).customerId === 'c-1'
          ? json(200, [aMessage({ id: 'm-2', content: 'Do you ship to Spain?' })])
          : json(200, [aMessage({ id: 'm-2' })]),
      'GET /api/customers/c-1': () => json(200, aCustomer()),
    };
  }

  it('View Thread opens it', async () => {
    openMessages(routes());
    await screen.findByTestId('message-card');

    await userEvent.click(screen.getByRole('link', { name: 'View Thread' }));

    expect(await screen.findByTestId('thread')).toHaveAttribute('data-customer-id', 'c-1');
    expect(window.location.pathname + window.location.search).toBe('/inbox?customer=c-1');
    expect(await screen.findByTestId('thread-message')).toHaveTextContent('Do you ship to Spain?');
  });

  it('Respond opens it with the cursor in the reply box', async () => {
    openMessages(routes());
    await screen.findByTestId('message-card');

    await userEvent.click(screen.getByRole('link', { name: 'Respond' }));

    expect(window.location.pathname + window.location.search).toBe('/inbox?customer=c-1&reply=1');
    await waitFor(() => expect(screen.getByTestId('thread-reply-input')).toHaveFocus());
  });
});

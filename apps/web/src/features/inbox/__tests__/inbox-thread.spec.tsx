import {
  type CustomerResponse,
  type MessageResponse,
  messagingWindow,
  windowRefusal,
} from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeRoutes, json, lastBodyOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { aConversation } from '../../../test/fixtures/conversations';
import { aCustomer } from '../../../test/fixtures/customers';
import { aMessage } from '../../../test/fixtures/messages';
import { findToast } from '../../../test/toasts';
import { setViewportWidth } from '../../../test/viewport';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { type InboxServer, janeServer, openInbox } from './fake-inbox';

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const dateTime = (iso: string, language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

beforeEach(() => setViewportWidth(1280));

/** /inbox with Jane's conversation open, once her messages show. */
async function openThread(server: InboxServer, routes: FakeRoutes = {}) {
  const rendered = openInbox(server, '/inbox?customer=c-1', routes);
  const thread = await screen.findByTestId('thread');
  await waitFor(() => expect(requestsTo(rendered.fetchSpy, 'GET /api/messages')).toHaveLength(1));
  return { ...rendered, thread };
}

const reachable = (overrides: Partial<CustomerResponse>) =>
  aCustomer({ reachable: true, platform: 'facebook', ...overrides });

const messages = () => screen.getAllByTestId('thread-message');

describe('the thread: messages', () => {
  it('lists them oldest first, in days named Today, Yesterday or by date', async () => {
    const older = new Date(2024, 2, 5, 10, 30).toISOString();
    // Five minutes ago, but never before today's midnight (a run just after it put the message in Yesterday).
    const midnight = new Date().setHours(0, 0, 0, 0);
    const earlierToday = new Date(Math.max(Date.now() - 5 * 60_000, midnight)).toISOString();
    await openThread(
      janeServer({
        threads: {
          'c-1': [
            aMessage({
              id: 'm-4',
              direction: 'outgoing',
              aiGenerated: true,
              status: 'sent',
              content: 'Yes!',
            }),
            aMessage({ id: 'm-3', timestamp: earlierToday }),
            aMessage({ id: 'm-2', timestamp: new Date(Date.now() - 24 * HOUR).toISOString() }),
            aMessage({ id: 'm-1', timestamp: older }),
          ],
        },
      }),
    );

    await waitFor(() =>
      expect(messages().map((m) => m.dataset.messageId)).toEqual(['m-1', 'm-2', 'm-3', 'm-4']),
    );
    const days = screen.getAllByTestId('thread-day');
    expect(days.map((day) => within(day).getByTestId('thread-day-name').textContent)).toEqual([
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(older)),
      'Yesterday',
      'Today',
    ]);
    expect(within(days[2]).getAllByTestId('thread-message')).toHaveLength(2);
    // The customer's at the start side, ours at the end side.
    expect(messages()[2]).toHaveStyle({ alignSelf: 'flex-start' });
    expect(messages()[3]).toHaveStyle({ alignSelf: 'flex-end' });
  });

  it('says how many of the latest messages it shows when the server has older ones', async () => {
    // A page ended early for its size: two messages and a cursor.
    const page = [aMessage({ id: 'm-2' }), aMessage({ id: 'm-1', timestamp: hoursAgo(1) })];
    const { thread } = await openThread(janeServer({}), {
      'GET /api/messages': () => json(200, page, { 'x-next-cursor': 'older' }),
    });

    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(thread).toHaveTextContent('Showing the latest 2 messages.');
  });

  it('says who wrote each reply and how far it got, and why one failed', async () => {
    const outgoing = (id: string, status: MessageResponse['status'], extra: Partial<MessageResponse> = {}) =>
      aMessage({ id, direction: 'outgoing', aiGenerated: true, status, content: `Reply ${id}`, ...extra });
    await openThread(
      janeServer({
        customers: [reachable({ lastInboundAt: hoursAgo(1) })],
        threads: {
          'c-1': [
            outgoing('m-6', 'failed', { failureReason: "(#551) This person isn't available right now." }),
            outgoing('m-5', 'failed'),
            outgoing('m-4', 'read', { aiGenerated: false }),
            outgoing('m-3', 'delivered'),
            outgoing('m-2', 'sent'),
            aMessage({ id: 'm-1' }),
          ],
        },
      }),
    );

    await waitFor(() => expect(messages()).toHaveLength(6));
    expect(
      messages().map((m) => [
        within(m).queryByTestId('message-label')?.textContent ?? null,
        within(m).queryByTestId('message-status')?.textContent ?? null,
      ]),
    ).toEqual([
      [null, null],
      ['AI Response', 'Sent'],
      ['AI Response', 'Delivered'],
      ['Manual Response', 'Read'],
      ['AI Response', 'Failed'],
      ['AI Response', 'Failed'],
    ]);
    expect(within(messages()[5]).getByTestId('thread-message-failure')).toHaveTextContent(
      "Not delivered: (#551) This person isn't available right now.",
    );
    expect(within(messages()[4]).getByTestId('thread-message-failure')).toHaveTextContent('Not delivered.');
  });

  it('never says Sent to a customer who cannot be reached: "Not delivered: Instagram is not connected"', async () => {
    await openThread(
      janeServer({
        threads: {
          'c-1': [
            aMessage({ id: 'm-2', direction: 'outgoing', status: 'sent', content: 'Hi Jane' }),
            aMessage(),
          ],
        },
      }),
    );

    await waitFor(() => expect(messages()).toHaveLength(2));
    const reply = messages()[1];
    expect(within(reply).queryByTestId('message-status')).not.toBeInTheDocument();
    expect(within(reply).getByTestId('thread-message-undelivered')).toHaveTextContent(
      'Not delivered: Instagram is not connected',
    );
  });

  it('says a reply to a customer without a channel is kept in Parley only, and shows how they are known', async () => {
    const walkIn = { platform: 'manual', platformUsername: '', email: null, phone: '600 111 222' } as const;
    await openThread(
      janeServer({
        conversations: [aConversation(walkIn)],
        customers: [aCustomer(walkIn)],
        threads: {
          'c-1': [
            aMessage({
              direction: 'outgoing',
              status: 'sent',
              platform: 'manual',
              content: 'Ready to collect',
            }),
          ],
        },
      }),
    );

    await waitFor(() => expect(messages()).toHaveLength(1));
    expect(within(messages()[0]).getByTestId('thread-message-undelivered')).toHaveTextContent(
      'Kept in Parley only: this customer has no channel to deliver to',
    );
    expect(screen.getByTestId('thread')).toHaveTextContent('No channel ·600 111 222');
  });

  it.each([
    ['en', 'Email', 'Sent by email, not in the chat', 'ltr'],
    ['ar', 'بريد إلكتروني', 'أُرسلت بالبريد الإلكتروني، لا في المحادثة', 'rtl'],
    ['es', 'Correo', 'Enviado por correo electrónico, no por el chat', 'ltr'],
  ] as const)(
    'marks a campaign mail to the customer as email, with its subject, and no chat status (%s)',
    async (language, label, note, dir) => {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      await openThread(
        janeServer({
          customers: [reachable({})],
          threads: {
            'c-1': [
              aMessage({
                id: 'mail-1',
                direction: 'outgoing',
                status: 'sent',
                content: 'Everything 20% off.',
                email: { subject: 'Spring sale' },
              }),
              aMessage({ id: 'm-1', timestamp: hoursAgo(2) }),
            ],
          },
        }),
      );

      await waitFor(() => expect(messages()).toHaveLength(2));
      const mail = messages()[1];
      expect(mail).toHaveAttribute('data-kind', 'email');
      expect(within(mail).getByTestId('thread-message-subject')).toHaveTextContent('Spring sale');
      expect(within(mail).getByTestId('thread-message-content')).toHaveTextContent('Everything 20% off.');
      expect(within(mail).getByTestId('message-label')).toHaveTextContent(label);
      expect(within(mail).getByTestId('thread-message-email')).toHaveTextContent(note);
      // Not a chat reply: no delivery status of the channel, no "not delivered" warning.
      expect(within(mail).queryByTestId('message-status')).toBeNull();
      expect(within(mail).queryByTestId('thread-message-undelivered')).toBeNull();
      expect(messages()[0]).toHaveAttribute('data-kind', 'chat');
      expect(document.documentElement).toHaveAttribute('dir', dir);
    },
  );

  it('clamps a long message with Show more', async () => {
    jest.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
      return (this.textContent?.length ?? 0) > 1000 ? 2000 : 40;
    });
    jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(220);
    await openThread(janeServer({ threads: { 'c-1': [aMessage({ content: 'Long '.repeat(800) })] } }));

    const message = (await screen.findAllByTestId('thread-message'))[0];
    expect(within(message).getByTestId('thread-message-content')).toHaveAttribute('data-clamped', 'true');
    await userEvent.click(within(message).getByRole('button', { name: 'Show more' }));
    expect(within(message).getByTestId('thread-message-content')).toHaveAttribute('data-clamped', 'false');
    expect(within(message).getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows attachments as links with their type; only web addresses become links', async () => {
    await openThread(
      janeServer({
        threads: {
          'c-1': [
            aMessage({
              content: '',
              attachments: [
                { type: 'image', url: 'https://cdn.example/photo.jpg' },
                { type: 'location', url: 'https://maps.example/?q=1' },
                { type: 'file', url: 'javascript:alert(1)' },
              ],
            }),
          ],
        },
      }),
    );

    const links = await screen.findAllByTestId('thread-attachment');
    expect(links.map((link) => [link.textContent?.trim(), link.getAttribute('href')])).toEqual([
      ['Image', 'https://cdn.example/photo.jpg'],
      ['Attachment (location)', 'https://maps.example/?q=1'],
    ]);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('follows a delivery status from /ws without a popup', async () => {
    const server = janeServer({
      customers: [reachable({ lastInboundAt: hoursAgo(1) })],
      threads: { 'c-1': [aMessage({ id: 'm-2', direction: 'outgoing', aiGenerated: true, status: 'sent' })] },
    });
    await openThread(server);
    await waitFor(() => expect(screen.getByTestId('message-status')).toHaveTextContent('Sent'));
    act(() => FakeWebSocket.latest().open());

    server.threads['c-1'] = [{ ...server.threads['c-1'][0], status: 'read' }];
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'message_status',
        message: '',
        data: { messageId: 'm-2', customerId: 'c-1', status: 'read', failureReason: null },
      }),
    );

    await waitFor(() => expect(screen.getByTestId('message-status')).toHaveTextContent('Read'));
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });

  it('says so when the customer is not there (another owner, a wrong link)', async () => {
    openInbox(janeServer(), '/inbox?customer=c-404');
    expect(await screen.findByTestId('thread-not-found')).toHaveTextContent('Conversation not found');
  });
});

describe('the thread: reading and the conversation state', () => {
  it('marks an unread conversation read on opening, and not again', async () => {
    const { fetchSpy } = await openThread(janeServer());

    await waitFor(() => expect(requestsTo(fetchSpy, 'PATCH /api/conversations/c-1')).toHaveLength(1));
    expect(await lastBodyOf(fetchSpy, 'PATCH /api/conversations/c-1')).toEqual({ read: true });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('conversation-list')).queryByTestId('conversation-unread'),
      ).not.toBeInTheDocument(),
    );
    expect(requestsTo(fetchSpy, 'PATCH /api/conversations/c-1')).toHaveLength(1);
  });

  it('does not mark a read conversation', async () => {
    const { fetchSpy } = await openThread(janeServer({ conversations: [aConversation({ unreadCount: 0 })] }));
    await screen.findByTestId('thread-close');
    expect(requestsTo(fetchSpy, 'PATCH /api/conversations/c-1')).toHaveLength(0);
  });

  it('closes and reopens the conversation', async () => {
    const server = janeServer({ conversations: [aConversation({ unreadCount: 0 })] });
    const { fetchSpy } = await openThread(server);

    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));

    expect(await lastBodyOf(fetchSpy, 'PATCH /api/conversations/c-1')).toEqual({ closed: true });
    expect((await findToast('Conversation closed.')).kind).toBe('success');
    // It leaves the open list, and its thread stays, now offering Reopen.
    await waitFor(() => expect(screen.queryByTestId('conversation-item')).not.toBeInTheDocument());
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen' }));
    expect(await lastBodyOf(fetchSpy, 'PATCH /api/conversations/c-1')).toEqual({ closed: false });
    expect(await screen.findByTestId('conversation-item')).toHaveAttribute('data-customer-id', 'c-1');
  });

  it('pauses and resumes the AI with the switch', async () => {
    const { fetchSpy } = await openThread(janeServer({ conversations: [aConversation({ unreadCount: 0 })] }));
    const aiSwitch = await screen.findByRole('switch', { name: 'AI agent answers this customer' });
    expect(aiSwitch).toBeChecked();
    expect(screen.getByTestId('thread-ai-state')).toHaveTextContent('AI active');

    await userEvent.click(aiSwitch);

    expect(await lastBodyOf(fetchSpy, 'PATCH /api/conversations/c-1')).toEqual({ aiPaused: true });
    expect((await findToast('The AI is paused for this customer for 24 hours.')).kind).toBe('success');
    await waitFor(() => expect(aiSwitch).not.toBeChecked());
    expect(screen.getByTestId('thread-ai-state')).toHaveTextContent('AI paused');
    expect(await screen.findByTestId('thread-ai-paused')).toHaveTextContent(
      /AI paused until .*: a person is/,
    );

    await userEvent.click(aiSwitch);

    expect(await lastBodyOf(fetchSpy, 'PATCH /api/conversations/c-1')).toEqual({ aiPaused: false });
    expect((await findToast('Your AI agent answers this customer again.')).kind).toBe('success');
    await waitFor(() => expect(aiSwitch).toBeChecked());
    expect(screen.queryByTestId('thread-ai-paused')).not.toBeInTheDocument();
  });

  it('shows "AI paused until …" while a person has taken over', async () => {
    const pausedUntil = inHours(20);
    await openThread(
      janeServer({
        conversations: [aConversation({ aiPaused: true, aiPausedUntil: pausedUntil })],
        customers: [aCustomer({ aiPausedUntil: pausedUntil })],
      }),
    );
    expect(await screen.findByTestId('thread-ai-paused')).toHaveTextContent(
      `AI paused until ${dateTime(pausedUntil)}: a person is answering this customer.`,
    );
    expect(screen.getByRole('switch', { name: 'AI agent answers this customer' })).not.toBeChecked();
  });

  it('counts the AI active again once the pause has run out', async () => {
    await openThread(janeServer({ customers: [aCustomer({ aiPausedUntil: hoursAgo(1) })] }));
    await screen.findAllByTestId('thread-message');
    expect(screen.getByRole('switch', { name: 'AI agent answers this customer' })).toBeChecked();
    expect(screen.queryByTestId('thread-ai-paused')).not.toBeInTheDocument();
  });

  it('says Failed to pause the AI. when the server cannot', async () => {
    await openThread(janeServer({ conversations: [aConversation({ unreadCount: 0 })] }), {
      'PATCH /api/conversations/c-1': () => new Response('', { status: 503 }),
    });

    await userEvent.click(await screen.findByRole('switch', { name: 'AI agent answers this customer' }));

    expect((await findToast('Failed to pause the AI.')).kind).toBe('error');
    expect(screen.getByRole('switch', { name: 'AI agent answers this customer' })).toBeChecked();
  });
});

describe('the thread: replying', () => {
  it('keeps the notices above the reply box, and lets them down once it is gone', async () => {
    const { unmount } = await openThread(janeServer());
    const box = screen.getByTestId('thread-reply');
    // jsdom lays nothing out: the box is the bottom 100 px of its 768 px high window.
    jest
      .spyOn(box, 'getBoundingClientRect')
      .mockReturnValue({ top: 668, bottom: 768, left: 0, right: 1280, height: 100, width: 1280 } as DOMRect);
    act(() => FakeWebSocket.latest().open());

    act(() => FakeWebSocket.latest().receive({ type: 'new_lead', message: 'New lead: Omar' }));

    expect(await screen.findByTestId('realtime-popup')).toHaveTextContent('New lead: Omar');
    expect(document.documentElement.style.getPropertyValue('--notification-bottom')).toBe('108px');
    unmount();
    expect(document.documentElement.style.getPropertyValue('--notification-bottom')).toBe('');
  });

  const replied = aMessage({
    id: 'm-2',
    direction: 'outgoing',
    status: 'sent',
    content: 'We ship in 3 days.',
  });

  it('Enter sends, Shift+Enter starts a new line', async () => {
    const { fetchSpy } = await openThread(janeServer(), {
      'POST /api/messages/reply': () => json(201, replied),
    });
    const input = screen.getByTestId('thread-reply-input');

    await userEvent.type(input, 'We ship{Shift>}{Enter}{/Shift}in 3 days.');
    expect(input).toHaveValue('We ship\nin 3 days.');
    await userEvent.type(input, '{Enter}');

    expect(await lastBodyOf(fetchSpy, 'POST /api/messages/reply')).toEqual({
      customerId: 'c-1',
      content: 'We ship\nin 3 days.',
    });
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('says nothing over the reply box once sent: the thread shows where the reply got', async () => {
    const server = janeServer();
    await openThread(server, {
      'POST /api/messages/reply': () => {
        server.threads['c-1'] = [replied, ...(server.threads['c-1'] ?? [])];
        return json(201, replied);
      },
    });

    await userEvent.type(screen.getByTestId('thread-reply-input'), 'Hello{Enter}');

    const sent = await screen.findByText('We ship in 3 days.');
    expect(sent.closest('[data-testid="thread-message"]')).toHaveTextContent(
      'Not delivered: Instagram is not connected',
    );
    expect(screen.queryByText('Reply sent.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends nothing blank', async () => {
    const { fetchSpy } = await openThread(janeServer());
    await userEvent.type(screen.getByTestId('thread-reply-input'), '   {Enter}');
    expect(screen.getByTestId('thread-reply-send')).toBeDisabled();
    expect(requestsTo(fetchSpy, 'POST /api/messages/reply')).toHaveLength(0);
  });

  it('keeps the text and says Failed to send reply. when it fails', async () => {
    await openThread(janeServer(), { 'POST /api/messages/reply': () => json(500, { message: 'boom' }) });

    await userEvent.type(screen.getByTestId('thread-reply-input'), 'Hello{Enter}');

    expect((await findToast('Failed to send reply.')).kind).toBe('error');
    expect(screen.getByTestId('thread-reply-input')).toHaveValue('Hello');
  });

  it("shows the server's reason when a reply is refused, translated when known", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    const refusal = windowRefusal('facebook', messagingWindow('facebook', hoursAgo(30)));
    // The server's clock has moved on: it refuses what the page still offered.
    await openThread(janeServer({ customers: [reachable({ lastInboundAt: hoursAgo(23) })] }), {
      'POST /api/messages/reply': () => json(409, { message: refusal, code: 'CONFLICT' }),
    });

    await userEvent.type(screen.getByTestId('thread-reply-input'), 'Hola{Enter}');

    expect(
      (
        await findToast(
          'El cliente escribió hace más de 24 horas: ahora solo una persona puede responder, hasta 7 días después de su último mensaje.',
        )
      ).kind,
    ).toBe('error');
  });

  it('Respond and Contact links put the cursor in the reply box', async () => {
    openInbox(janeServer(), '/inbox?customer=c-1&reply=1');
    await waitFor(() => expect(screen.getByTestId('thread-reply-input')).toHaveFocus());
  });
});

describe("the thread: Meta's messaging window", () => {
  it('says until when the 24-hour window is open; both may reply', async () => {
    const lastInboundAt = hoursAgo(1);
    await openThread(janeServer({ customers: [reachable({ lastInboundAt })] }));

    const notice = await screen.findByTestId('thread-window');
    expect(notice).toHaveAttribute('data-state', 'open');
    const until = messagingWindow('facebook', lastInboundAt).until as string;
    expect(notice).toHaveTextContent(
      `Meta's 24-hour window is open until ${dateTime(until)}: your AI agent and you can reply.`,
    );
    expect(screen.getByTestId('thread-reply-input')).toBeEnabled();
  });

  it('WhatsApp after 24 hours: only a template, so the reply box is closed', async () => {
    await openThread(
      janeServer({ customers: [reachable({ platform: 'whatsapp', lastInboundAt: hoursAgo(30) })] }),
    );

    const notice = await screen.findByTestId('thread-window');
    expect(notice).toHaveAttribute('data-state', 'template-only');
    expect(screen.getByTestId('thread-reply-input')).toBeDisabled();
  });

  it('says X has no 24-hour window: a month later both may still reply', async () => {
    await openThread(
      janeServer({ customers: [reachable({ platform: 'twitter', lastInboundAt: hoursAgo(24 * 30) })] }),
    );

    const notice = await screen.findByTestId('thread-window');
    expect(notice).toHaveAttribute('data-state', 'open');
    expect(notice).toHaveTextContent(
      'Twitter has no 24-hour window: your AI agent and you can reply at any time.',
    );
    expect(screen.getByTestId('thread-reply-input')).toBeEnabled();
  });

  it('says nothing about a window for a simulated customer', async () => {
    await openThread(janeServer({ customers: [aCustomer({ lastInboundAt: hoursAgo(200) })] }));
    await screen.findAllByTestId('thread-message');
    expect(screen.queryByTestId('thread-window')).not.toBeInTheDocument();
  });

  it('reads in Arabic, right to left; an English message keeps its own direction', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    await openThread(
      janeServer({
        customers: [reachable({ platform: 'instagram', lastInboundAt: hoursAgo(24 * 8) })],
        threads: { 'c-1': [aMessage({ content: 'Good morning?' })] },
      }),
    );

    expect(await screen.findByTestId('thread-window')).toHaveTextContent(
      'كتب العميل قبل أكثر من 7 أيام: لا يسمح إنستغرام بأي رسالة حتى يكتب مجددًا.',
    );
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const text = within(screen.getByTestId('thread-message-content')).getByText('Good morning?');
    expect(text).toHaveAttribute('dir', 'auto');
    expect(text).toHaveStyle({ unicodeBidi: 'plaintext' });
  });
});

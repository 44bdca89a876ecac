import {
  type CustomerResponse,
  type MessageResponse,
  messagingWindow,
  windowRefusal,
} from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeRoutes, json, lastBodyOf, queryOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { aCustomer } from '../../../test/fixtures/customers';
import { aMessage } from '../../../test/fixtures/messages';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { LANGUAGE_STORAGE_KEY } from '../../../features/language';

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const dateTime = (iso: string, language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

interface Server {
  customer?: () => CustomerResponse;
  thread?: () => MessageResponse[];
}

/** /messages with Jane's newest message; View Thread opens her conversation. */
async function openThread(
  { customer = () => aCustomer(), thread = () => [aMessage()] }: Server,
  routes: FakeRoutes = {},
) {
  const rendered = renderSignedIn('/messages', undefined, {
    'GET /api/messages': (request) =>
      json(200, queryOf(request).customerId === 'c-1' ? thread() : [aMessage()]),
    'GET /api/customers/c-1': () => json(200, customer()),
    ...routes,
  });
  await userEvent.click(await screen.findByTestId('message-view-thread'));
  const drawer = await screen.findByTestId('thread-drawer');
  await waitFor(() => expect(requestsTo(rendered.fetchSpy, 'GET /api/customers/c-1')).toHaveLength(1));
  return { ...rendered, drawer };
}

const reachable = (overrides: Partial<CustomerResponse>) => () =>
  aCustomer({ reachable: true, platform: 'facebook', ...overrides });

describe("the thread: Meta's messaging window", () => {
  it('says until when the 24-hour window is open; both may reply', async () => {
    const lastInboundAt = hoursAgo(1);
    await openThread({ customer: reachable({ lastInboundAt }) });

    const notice = await screen.findByTestId('thread-window');
    expect(notice).toHaveAttribute('data-state', 'open');
    const until = messagingWindow('facebook', lastInboundAt).until as string;
    expect(notice).toHaveTextContent(
      `Meta's 24-hour window is open until ${dateTime(until)}: your AI agent and you can reply.`,
    );
    await userEvent.type(screen.getByTestId('thread-reply-input'), 'Hi');
    expect(screen.getByTestId('thread-reply-send')).toBeEnabled();
  });

  it('after 24 hours: only a person, until 7 days after the last message', async () => {
    const lastInboundAt = hoursAgo(30);
    await openThread({ customer: reachable({ lastInboundAt }) });

    const notice = await screen.findByTestId('thread-window');
    expect(notice).toHaveAttribute('data-state', 'human-agent');
    const until = messagingWindow('facebook', lastInboundAt).until as string;
    expect(notice).toHaveTextContent(
      `The customer wrote more than 24 hours ago: only a person can reply now, until ${dateTime(until)}. Your AI agent stays silent.`,
    );
    expect(screen.getByTestId('thread-reply-input')).toBeEnabled();
  });

  it('WhatsApp after 24 hours: only a template, so the reply box is closed', async () => {
    await openThread({ customer: reachable({ platform: 'whatsapp', lastInboundAt: hoursAgo(30) }) });

    const notice = await screen.findByTestId('thread-window');
    expect(notice).toHaveAttribute('data-state', 'template-only');
    expect(notice).toHaveTextContent('WhatsApp allows only an approved template until they write again');
    expect(screen.getByTestId('thread-reply-input')).toBeDisabled();
    expect(screen.getByTestId('thread-reply-send')).toBeDisabled();
  });

  it('after 7 days: nothing until the customer writes', async () => {
    await openThread({ customer: reachable({ platform: 'instagram', lastInboundAt: hoursAgo(24 * 8) }) });

    const notice = await screen.findByTestId('thread-window');
    expect(notice).toHaveAttribute('data-state', 'closed');
    expect(notice).toHaveTextContent(
      'The customer wrote more than 7 days ago: Instagram allows no message until they write again.',
    );
    expect(screen.getByTestId('thread-reply-input')).toBeDisabled();
  });

  it('says nothing about a window for a simulated customer', async () => {
    await openThread({ customer: () => aCustomer({ reachable: false, lastInboundAt: hoursAgo(200) }) });
    await screen.findAllByTestId('thread-message');

    expect(screen.queryByTestId('thread-window')).not.toBeInTheDocument();
    expect(screen.getByTestId('thread-reply-input')).toBeEnabled();
  });

  it('reads in Arabic, right to left', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    await openThread({ customer: reachable({ platform: 'instagram', lastInboundAt: hoursAgo(24 * 8) }) });

    expect(await screen.findByTestId('thread-window')).toHaveTextContent(
      'كتب العميل قبل أكثر من 7 أيام: لا يسمح إنستغرام بأي رسالة حتى يكتب مجددًا.',
    );
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it("shows the server's reason when a reply is refused, translated when known", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    const refusal = windowRefusal('facebook', messagingWindow('facebook', hoursAgo(30)));
    // The server's clock has moved on: it refuses what the page still offered.
    await openThread(
      { customer: reachable({ lastInboundAt: hoursAgo(23) }) },
      { 'POST /api/messages/reply': () => json(409, { message: refusal, code: 'CONFLICT' }) },
    );

    await userEvent.type(screen.getByTestId('thread-reply-input'), 'Hola');
    await userEvent.click(screen.getByTestId('thread-reply-send'));

    expect(
      (
        await findToast(
          'El cliente escribió hace más de 24 horas: ahora solo una persona puede responder, hasta 7 días después de su último mensaje.',
        )
      ).kind,
    ).toBe('error');
    expect(screen.getByTestId('thread-reply-input')).toHaveValue('Hola');
  });

  it('shows a refusal it does not know as the server wrote it', async () => {
    await openThread(
      { customer: reachable({ lastInboundAt: hoursAgo(1) }) },
      {
        'POST /api/messages/reply': () =>
          json(404, { message: 'Facebook is not connected.', code: 'NOT_FOUND' }),
      },
    );

    await userEvent.type(screen.getByTestId('thread-reply-input'), 'Hello');
    await userEvent.click(screen.getByTestId('thread-reply-send'));

    expect((await findToast('Facebook is not connected.')).kind).toBe('error');
  });
});

describe('the thread: a person takes over', () => {
  it('shows "AI paused until …" with Resume AI, which resumes it', async () => {
    const pausedUntil = inHours(20);
    let customer = aCustomer({ aiPausedUntil: pausedUntil });
    const { fetchSpy } = await openThread(
      { customer: () => customer },
      {
        'PATCH /api/conversations/c-1': () => {
          customer = aCustomer({ aiPausedUntil: null });
          return json(200, customer);
        },
      },
    );

    const notice = await screen.findByTestId('thread-ai-paused');
    expect(notice).toHaveTextContent(
      `AI paused until ${dateTime(pausedUntil)}: a person is answering this customer.`,
    );
    await userEvent.click(within(notice).getByRole('button', { name: 'Resume AI' }));

    expect(await lastBodyOf(fetchSpy, 'PATCH /api/conversations/c-1')).toEqual({ aiPaused: false });
    expect((await findToast('Your AI agent answers this customer again.')).kind).toBe('success');
    await waitFor(() => expect(screen.queryByTestId('thread-ai-paused')).not.toBeInTheDocument());
  });

  it('says nothing once the pause has run out', async () => {
    await openThread({ customer: () => aCustomer({ aiPausedUntil: hoursAgo(1) }) });
    await screen.findAllByTestId('thread-message');

    expect(screen.queryByTestId('thread-ai-paused')).not.toBeInTheDocument();
  });

  it('says Failed to resume the AI. when the server cannot', async () => {
    await openThread(
      { customer: () => aCustomer({ aiPausedUntil: inHours(3) }) },
      { 'PATCH /api/conversations/c-1': () => new Response('', { status: 503 }) },
    );

    await userEvent.click(await screen.findByTestId('thread-resume-ai'));

    expect((await findToast('Failed to resume the AI.')).kind).toBe('error');
    expect(screen.getByTestId('thread-ai-paused')).toBeInTheDocument();
  });
});

describe('the thread: messages and their delivery', () => {
  const outgoing = (id: string, status: MessageResponse['status'], failureReason: string | null = null) =>
    aMessage({ id, direction: 'outgoing', aiGenerated: true, status, failureReason, content: `Reply ${id}` });

  it('shows how far each outgoing message got, and why one failed', async () => {
    await openThread({
      thread: () => [
        outgoing('m-6', 'failed', "(#551) This person isn't available right now."),
        outgoing('m-5', 'failed'),
        outgoing('m-4', 'read'),
        outgoing('m-3', 'delivered'),
        outgoing('m-2', 'sent'),
        outgoing('m-1', 'queued'),
        aMessage({ id: 'm-0' }),
      ],
    });

    await waitFor(() => expect(screen.getAllByTestId('thread-message')).toHaveLength(7));
    const messages = screen.getAllByTestId('thread-message');
    expect(
      messages.map((message) => within(message).queryByTestId('message-status')?.textContent ?? null),
    ).toEqual([null, 'Queued', 'Sent', 'Delivered', 'Read', 'Failed', 'Failed']);
    expect(within(messages[6]).getByTestId('thread-message-failure')).toHaveTextContent(
      "Not delivered: (#551) This person isn't available right now.",
    );
    expect(within(messages[5]).getByTestId('thread-message-failure')).toHaveTextContent('Not delivered.');
    expect(within(messages[4]).queryByTestId('thread-message-failure')).not.toBeInTheDocument();
  });

  it('shows incoming attachments as links with their type; only web addresses become links', async () => {
    await openThread({
      thread: () => [
        aMessage({
          content: '',
          attachments: [
            { type: 'image', url: 'https://cdn.example/photo.jpg' },
            { type: 'location', url: 'https://maps.example/?q=1' },
            { type: 'file', url: 'javascript:alert(1)' },
          ],
        }),
      ],
    });

    const links = await screen.findAllByTestId('thread-attachment');
    expect(links.map((link) => [link.textContent?.trim(), link.getAttribute('href')])).toEqual([
      ['Image', 'https://cdn.example/photo.jpg'],
      ['Attachment (location)', 'https://maps.example/?q=1'],
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('follows a delivery status from /ws without a popup', async () => {
    let status: MessageResponse['status'] = 'sent';
    await openThread({ thread: () => [outgoing('m-2', status)] });
    await waitFor(() => expect(screen.getByTestId('message-status')).toHaveTextContent('Sent'));
    act(() => FakeWebSocket.latest().open());

    status = 'failed';
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'message_status',
        message: '',
        data: { messageId: 'm-2', customerId: 'c-1', status: 'failed', failureReason: null },
      }),
    );

    await waitFor(() => expect(screen.getByTestId('message-status')).toHaveTextContent('Failed'));
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });
});

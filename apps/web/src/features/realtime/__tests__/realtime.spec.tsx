import { SESSION_ENDED_CLOSE_CODE } from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../app/browser';
import { json, requestsOf } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { aMessage } from '../../../test/fixtures/messages';
import { ada, renderSignedIn, renderSignedOut } from '../../../test/render-app';
import { parseRealtimeFrame } from '../realtime-events';
import { realtimeUrl } from '../realtime-socket';

const message = aMessage();

function callsTo(fetchSpy: jest.SpyInstance, path: string): number {
  return requestsOf(fetchSpy).filter((request) => new URL(request.url).pathname === path).length;
}

async function openInbox() {
  const rendered = renderSignedIn('/messages', undefined, {
    'GET /api/messages': () => json(200, [message]),
  });
  await screen.findByTestId('message-card');
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  return { ...rendered, socket };
}

describe('realtime socket', () => {
  afterEach(() => jest.useRealTimers());

  it('opens one socket per signed-in tab at /ws on the same host', async () => {
    await openInbox();

    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest().url).toBe('ws://localhost/ws');
  });

  it('uses wss on an https page', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'app.parley.example' })).toBe(
      'wss://app.parley.example/ws',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:4200' })).toBe('ws://localhost:4200/ws');
  });

  it('opens no socket for a visitor', async () => {
    renderSignedOut('/messages');
    await screen.findByRole('heading', { name: 'Simple, transparent pricing' });
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('shows the popup with the title of the event and the server message, and refetches the inbox', async () => {
    const { fetchSpy, socket } = await openInbox();
    const before = callsTo(fetchSpy, '/api/messages');

    act(() => socket.receive({ type: 'new_message', message: 'New message from Jane Smith', data: {} }));

    const popup = await screen.findByTestId('realtime-popup');
    expect(within(popup).getByText('New Message')).toBeInTheDocument();
    expect(within(popup).getByText('New message from Jane Smith')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchSpy, '/api/messages')).toBe(before + 1));
  });

  it('closes the popup by itself after 5 seconds', async () => {
    const { socket } = await openInbox();
    jest.useFakeTimers();

    act(() => socket.receive({ type: 'new_customer', message: 'New customer: Jane Smith' }));
    expect(screen.getByTestId('realtime-popup')).toHaveTextContent('New Customer');

    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByTestId('realtime-popup')).toBeInTheDocument();
    // Then it closes, and leaves once its closing motion has run.
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });

  it('closes the popup with its close button', async () => {
    const { socket } = await openInbox();

    act(() => socket.receive({ type: 'new_lead', message: 'New lead: Jane Smith' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close notification' }));

    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });

  it('translates the title and a usage warning the server sent in English', async () => {
    window.localStorage.setItem('parley.language', 'es');
    const { socket } = await openInbox();

    act(() =>
      socket.receive({ type: 'usage_warning', message: 'Warning: Only 20% of API calls remaining.' }),
    );

    const popup = await screen.findByTestId('realtime-popup');
    expect(popup).toHaveTextContent('Aviso de uso de la API');
    expect(popup).toHaveTextContent('Aviso: solo queda el 20 % de las llamadas a la API.');
  });

  it("words a customer's event in the reader's language, from its data", async () => {
    window.localStorage.setItem('parley.language', 'ar');
    const { socket } = await openInbox();

    act(() =>
      socket.receive({
        type: 'message_responded',
        message: 'The AI agent answered Jane Smith',
        data: { customerId: 'c1', customerName: 'Jane Smith', by: 'ai' },
      }),
    );

    expect(await screen.findByTestId('realtime-popup')).toHaveTextContent(
      'ردّ وكيل الذكاء الاصطناعي على Jane Smith',
    );
  });

  it('tells the owner, in their language, that an admin moved their page to another account', async () => {
    window.localStorage.setItem('parley.language', 'es');
    const { socket } = await openInbox();

    act(() =>
      socket.receive({
        type: 'integration_moved',
        message: '"Kestrel Test Page" (Facebook) was connected to another Parley account by an admin of it.',
        data: { platform: 'facebook', pages: ['Kestrel Test Page'] },
      }),
    );

    const popup = await screen.findByTestId('realtime-popup');
    expect(popup).toHaveTextContent('Conexión trasladada');
    expect(popup).toHaveTextContent(
      'Un administrador de “Kestrel Test Page” (Facebook) lo conectó a otra cuenta de Parley.',
    );
  });

  it("shows no popup for a person's own reply in Parley, yet refreshes the inbox", async () => {
    const { fetchSpy, socket } = await openInbox();
    const before = callsTo(fetchSpy, '/api/messages');

    act(() =>
      socket.receive({
        type: 'message_responded',
        message: 'Reply saved for Jane Smith',
        data: { customerId: 'c1', customerName: 'Jane Smith', by: 'person' },
      }),
    );

    await waitFor(() => expect(callsTo(fetchSpy, '/api/messages')).toBe(before + 1));
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });

  it('ignores frames that are not events', async () => {
    const { socket } = await openInbox();

    act(() => socket.receive('not json'));
    act(() => socket.receive({ type: 'something_else', message: 'Hello' }));

    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });

  it("shows no popup for a catalogue upload's progress (the products page shows it)", async () => {
    const { socket } = await openInbox();

    act(() =>
      socket.receive({
        type: 'catalogue_import_progress',
        message: '',
        data: { processed: 50, total: 100, percent: 50 },
      }),
    );

    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
    act(() => socket.receive({ type: 'new_lead', message: 'New lead: Jane Smith' }));
    expect(await screen.findByTestId('realtime-popup')).toHaveTextContent('New Lead');
  });

  it('reconnects 3 seconds after the socket closes, and then refetches what it may have missed', async () => {
    const { fetchSpy, socket } = await openInbox();
    jest.useFakeTimers();

    act(() => socket.serverClose());
    act(() => jest.advanceTimersByTime(2999));
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(2);

    jest.useRealTimers();
    const before = callsTo(fetchSpy, '/api/messages');
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(callsTo(fetchSpy, '/api/messages')).toBe(before + 1));
  });

  it('does not reconnect when the server ends the session, and asks again who is signed in', async () => {
    const { fetchSpy, socket } = await openInbox();
    const before = callsTo(fetchSpy, '/api/auth/me');
    jest.useFakeTimers();

    act(() => socket.serverClose(SESSION_ENDED_CLOSE_CODE));
    act(() => jest.advanceTimersByTime(10_000));
    expect(FakeWebSocket.instances).toHaveLength(1);

    jest.useRealTimers();
    await waitFor(() => expect(callsTo(fetchSpy, '/api/auth/me')).toBe(before + 1));
  });

  it('takes the tab to the sign-in page, saying why, when the session ended elsewhere', async () => {
    let signedIn = true;
    renderSignedIn('/messages', undefined, {
      'GET /api/auth/me': () => (signedIn ? json(200, ada) : json(401, { message: 'Not signed in' })),
      'GET /api/messages': () => json(200, [message]),
    });
    await screen.findByTestId('message-card');
    const socket = FakeWebSocket.latest();
    act(() => socket.open());

    signedIn = false;
    act(() => socket.serverClose(SESSION_ENDED_CLOSE_CODE));

    expect(await screen.findByTestId('login-email')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });

  it('closes the socket at logout and does not reconnect', async () => {
    jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { socket } = await openInbox();

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(socket.closedByClient).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect(FakeWebSocket.openSockets()).toHaveLength(0);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('parseRealtimeFrame', () => {
  it.each([
    [
      '{"type":"new_message","message":"Hi","data":{"messageId":"m-1"}}',
      { type: 'new_message', message: 'Hi', data: { messageId: 'm-1' } },
    ],
    ['{"type":"usage_warning","message":"x"}', { type: 'usage_warning', message: 'x' }],
    ['{"type":"new_lead"}', { type: 'new_lead', message: '' }],
    ['{"type":"other","message":"x"}', null],
    ['[1,2]', null],
    ['nope', null],
    [42, null],
  ])('%s', (raw, expected) => {
    expect(parseRealtimeFrame(raw)).toEqual(expected);
  });
});

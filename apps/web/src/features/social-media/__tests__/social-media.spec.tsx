import type { MessageResponse, SocialIntegrationResponse } from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeRoutes, json, lastBodyOf, queryOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { aCustomer } from '../../../test/fixtures/customers';
import {
  aDegradedHealth,
  aDisconnectedIntegration,
  anIntegration,
} from '../../../test/fixtures/integrations';
import { aMessage } from '../../../test/fixtures/messages';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';

const INCOMPLETE = 'Please select a platform, enter recipient ID, and write a message.';

interface Server {
  integrations?: SocialIntegrationResponse[];
  messages?: () => MessageResponse[];
}

function openPanel(
  { integrations = [anIntegration('facebook')], messages = () => [] }: Server = {},
  routes: FakeRoutes = {},
) {
  return renderSignedIn('/social-media', undefined, {
    'GET /api/social-media/integrations': () => json(200, integrations),
    // Answers as the server would: newest first, at most `limit`.
    'GET /api/messages': (request) => json(200, messages().slice(0, Number(queryOf(request).limit ?? 100))),
    ...routes,
  });
}

async function openSendTab() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Send Message' }));
  return screen.findByTestId('send-message');
}

describe('/social-media: Platform Integrations', () => {
  it('shows facebook, instagram and twitter as Connected or Disconnected from the panel list', async () => {
    const { fetchSpy } = openPanel({
      integrations: [
        anIntegration('facebook'),
        aDisconnectedIntegration('instagram'),
        anIntegration('whatsapp'),
      ],
    });

    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('social-platform')
          .map((row) => [
            row.dataset.platform,
            within(row).getByTestId('social-platform-status').textContent,
          ]),
      ).toEqual([
        ['facebook', 'Connected'],
        ['instagram', 'Disconnected'],
        ['twitter', 'Disconnected'],
      ]),
    );
    expect(screen.getByTestId('social-platforms')).toHaveTextContent('Platform Integrations');
    expect(requestsTo(fetchSpy, 'GET /api/social-media/integrations')).toHaveLength(1);
    expect(requestsTo(fetchSpy, 'GET /api/social-integrations')).toHaveLength(0);
  });
});

describe('/social-media: a platform Meta refuses', () => {
  it('says Reconnect needed and why, not Connected, with Reconnect to its wizard', async () => {
    openPanel({
      integrations: [anIntegration('facebook', { needsReconnect: true }), anIntegration('instagram')],
    });

    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('social-platform')
          .map((row) => [
            row.dataset.platform,
            within(row).getByTestId('social-platform-status').textContent,
          ]),
      ).toEqual([
        ['facebook', 'Reconnect needed'],
        ['instagram', 'Connected'],
        ['twitter', 'Disconnected'],
      ]),
    );
    const [facebook, instagram] = screen.getAllByTestId('social-platform');
    expect(within(facebook).getByTestId('social-platform-reason')).toHaveTextContent(
      "Meta no longer accepts Parley's access. Replies fail until you connect again.",
    );
    expect(within(facebook).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/setup/facebook',
    );
    expect(within(instagram).queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
    expect(within(instagram).queryByTestId('social-platform-reason')).not.toBeInTheDocument();
  });
});

describe('/social-media: channel health', () => {
  it("shows a connected channel's health; a degraded one says why and offers Reconnect", async () => {
    openPanel({
      integrations: [anIntegration('facebook'), anIntegration('twitter', { health: aDegradedHealth() })],
    });
    await waitFor(() => expect(screen.getAllByTestId('health-badge')).toHaveLength(2));
    const [facebook, instagram, twitter] = screen.getAllByTestId('social-platform');
    expect(within(facebook).getByTestId('health-badge')).toHaveTextContent('Healthy');
    expect(within(instagram).queryByTestId('health-badge')).not.toBeInTheDocument();
    expect(twitter).toHaveAttribute('data-health', 'degraded');
    expect(within(twitter).getByTestId('health-badge')).toHaveTextContent('Needs attention');
    expect(within(twitter).getByTestId('social-platform-problems')).toHaveTextContent(
      'The last 5 messages to customers could not be sent.',
    );
    expect(within(twitter).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/setup/twitter',
    );
    expect(within(facebook).queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
  });
});

describe('/social-media: Message Center', () => {
  const many = Array.from({ length: 25 }, (_, index) => aMessage({ id: `m-${index}`, minutesAgo: index }));

  it('lists the 20 newest messages', async () => {
    const { fetchSpy } = openPanel({ messages: () => many });

    await waitFor(() => expect(screen.getAllByTestId('message-center-row')).toHaveLength(20));
    expect(screen.getAllByTestId('message-center-row').map((row) => row.dataset.messageId)).toEqual(
      many.slice(0, 20).map((message) => message.id),
    );
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/messages')[0])).toEqual({ limit: '20' });
  });

  it('shows the customer, platform, direction, status, content and time of each', async () => {
    openPanel({
      messages: () => [
        aMessage({
          id: 'm-2',
          direction: 'outgoing',
          status: 'failed',
          failureReason: 'The page is not reachable.',
          content: 'We ship in 3 days.',
          platform: 'facebook',
          minutesAgo: 3.5,
        }),
        aMessage({ id: 'm-1', customerName: null, minutesAgo: 90 }),
      ],
    });

    const rows = await screen.findAllByTestId('message-center-row');
    expect(rows[0]).toHaveTextContent('Jane Smith');
    expect(rows[0]).toHaveTextContent('Facebook');
    expect(within(rows[0]).getByTestId('message-center-direction')).toHaveTextContent('Outgoing');
    expect(within(rows[0]).getByTestId('message-status')).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('The page is not reachable.');
    expect(within(rows[0]).getByTestId('message-center-content')).toHaveTextContent('We ship in 3 days.');
    expect(rows[0]).toHaveTextContent('3 minutes ago');
    expect(rows[1]).toHaveTextContent('Instagram customer');
    expect(rows[1]).toHaveTextContent('Instagram');
    expect(within(rows[1]).getByTestId('message-center-direction')).toHaveTextContent('Incoming');
    expect(within(rows[1]).getByTestId('message-status')).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent('1 hour ago');
  });

  it('updates live when a delivery status arrives over /ws, without a popup', async () => {
    let status: MessageResponse['status'] = 'sent';
    openPanel({ messages: () => [aMessage({ id: 'm-1', direction: 'outgoing', status })] });
    const [row] = await screen.findAllByTestId('message-center-row');
    expect(row).toHaveAttribute('data-status', 'sent');
    act(() => FakeWebSocket.latest().open());

    status = 'delivered';
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'message_status',
        message: '',
        data: { messageId: 'm-1', customerId: 'c-1', status: 'delivered', failureReason: null },
      }),
    );

    await waitFor(() =>
      expect(screen.getByTestId('message-center-row')).toHaveAttribute('data-status', 'delivered'),
    );
    expect(within(screen.getByTestId('message-center-row')).getByTestId('message-status')).toHaveTextContent(
      'Delivered',
    );
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });

  it('refetches every 10 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { fetchSpy } = openPanel();
      await screen.findByTestId('message-center-empty');
      const before = requestsTo(fetchSpy, 'GET /api/messages').length;

      await act(async () => {
        await jest.advanceTimersByTimeAsync(10_000);
      });

      await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/messages')).toHaveLength(before + 1));
    } finally {
      jest.useRealTimers();
    }
  });

  it('says No messages yet... when there are none', async () => {
    openPanel();

    expect(await screen.findByTestId('message-center-empty')).toHaveTextContent('No messages yet...');
  });

  it('warns when no platform is connected', async () => {
    openPanel({ integrations: [aDisconnectedIntegration('facebook')] });

    expect(await screen.findByTestId('no-platforms')).toHaveTextContent(
      'No platforms connected. Please connect your social media accounts to start receiving messages.',
    );
    expect(
      within(screen.getByTestId('no-platforms')).getByRole('link', { name: 'Connect a platform' }),
    ).toHaveAttribute('href', '/social-integrations');
  });

  it('has no warning while a platform is connected', async () => {
    openPanel();
    await screen.findByTestId('message-center-empty');
    await waitFor(() =>
      expect(screen.getAllByTestId('social-platform')[0]).toHaveAttribute('data-connected', 'true'),
    );

    expect(screen.queryByTestId('no-platforms')).not.toBeInTheDocument();
  });
});

describe('/social-media: Send Message', () => {
  it('without a connected platform: the warning, and the form is disabled', async () => {
    openPanel({ integrations: [] });

    const send = await openSendTab();
    await waitFor(() =>
      expect(within(send).getByTestId('no-platforms')).toHaveTextContent(
        'You need to connect at least one social media platform to send messages.',
      ),
    );
    expect(within(send).getByTestId('send-message-submit')).toBeDisabled();
  });

  it.each([
    ['no recipient', '', 'Hello'],
    ['no message', '2411', '   '],
  ])('%s: the spec validation text, and nothing is sent', async (_case, recipient, message) => {
    const { fetchSpy } = openPanel();
    const send = await openSendTab();
    await waitFor(() => expect(within(send).getByTestId('send-message-submit')).toBeEnabled());

    if (recipient) await userEvent.type(within(send).getByTestId('send-message-recipient'), recipient);
    await userEvent.type(within(send).getByTestId('send-message-text'), message);
    await userEvent.click(within(send).getByTestId('send-message-submit'));

    expect(await within(send).findByTestId('send-message-problem')).toHaveTextContent(INCOMPLETE);
    expect(requestsTo(fetchSpy, 'POST /api/messages/send')).toHaveLength(0);
  });

  it('sends to the first connected platform by default and says Message Sent', async () => {
    const { fetchSpy } = openPanel(
      { integrations: [aDisconnectedIntegration('facebook'), anIntegration('instagram')] },
      {
        'POST /api/messages/send': () =>
          json(201, aMessage({ id: 'm-9', direction: 'outgoing', status: 'queued', content: 'Hello' })),
      },
    );
    const send = await openSendTab();
    await waitFor(() =>
      expect(within(send).getByTestId('send-message-platform')).toHaveTextContent('Instagram'),
    );

    await userEvent.type(within(send).getByTestId('send-message-recipient'), ' 2411 ');
    await userEvent.type(within(send).getByTestId('send-message-text'), ' Hello ');
    await userEvent.click(within(send).getByTestId('send-message-submit'));

    const toast = await findToast('Its delivery shows in the Message Center.');
    expect(toast.kind).toBe('success');
    expect(toast.hasTitle('Message Sent')).toBe(true);
    expect(await lastBodyOf(fetchSpy, 'POST /api/messages/send')).toEqual({
      platform: 'instagram',
      recipientId: '2411',
      message: 'Hello',
    });
    expect(within(send).getByTestId('send-message-text')).toHaveValue('');
  });

  it('picks the customer by name on the chosen platform, which fills the recipient ID that is sent', async () => {
    const customers = [
      aCustomer({ id: 'c-1', name: 'Omar Haddad', platform: 'instagram', platformUsername: '1789' }),
      aCustomer({ id: 'c-2', name: 'Omar Haddad', platform: 'facebook', platformUsername: '2411' }),
      aCustomer({ id: 'c-3', name: 'Jane Smith', platform: 'facebook', platformUsername: '3307' }),
    ];
    const { fetchSpy } = openPanel(
      { integrations: [anIntegration('facebook'), anIntegration('instagram')] },
      {
        // Answers as the server would: the platform's customers whose name matches q.
        'GET /api/customers': (request) => {
          const { platform, q = '' } = queryOf(request);
          return json(
            200,
            customers.filter(
              (customer) =>
                customer.platform === platform && customer.name.toLowerCase().includes(q.toLowerCase()),
            ),
          );
        },
        'POST /api/messages/send': () => json(201, aMessage({ direction: 'outgoing', status: 'queued' })),
      },
    );
    const send = await openSendTab();
    await waitFor(() =>
      expect(within(send).getByTestId('send-message-platform')).toHaveTextContent('Facebook'),
    );

    await userEvent.type(
      within(within(send).getByTestId('send-message-customer')).getByRole('combobox'),
      'omar',
    );
    const option = await screen.findByText(/^Omar Haddad/, { selector: '.ant-select-item-option-content' });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1));
    expect(option).toHaveTextContent('Omar Haddad (\u20682411\u2069)');
    await userEvent.click(option);

    expect(within(send).getByTestId('send-message-recipient')).toHaveValue('2411');
    expect(within(send).getByTestId('send-message-customer')).toHaveTextContent('Omar Haddad');
    const search = requestsTo(fetchSpy, 'GET /api/customers').at(-1);
    if (!search) throw new Error('No search of the customers');
    expect(queryOf(search)).toMatchObject({
      platform: 'facebook',
      q: 'omar',
    });
    await userEvent.type(within(send).getByTestId('send-message-text'), 'Hello');
    await userEvent.click(within(send).getByTestId('send-message-submit'));
    await waitFor(async () =>
      expect(await lastBodyOf(fetchSpy, 'POST /api/messages/send')).toEqual({
        platform: 'facebook',
        recipientId: '2411',
        message: 'Hello',
      }),
    );
  });

  it('skips a platform Meta no longer accepts Parley for: offered as Reconnect needed, never chosen', async () => {
    const { fetchSpy } = openPanel(
      {
        integrations: [anIntegration('facebook', { needsReconnect: true }), anIntegration('instagram')],
      },
      { 'POST /api/messages/send': () => json(201, aMessage({ direction: 'outgoing', status: 'queued' })) },
    );
    const send = await openSendTab();
    await waitFor(() =>
      expect(within(send).getByTestId('send-message-platform')).toHaveTextContent('Instagram'),
    );
    await userEvent.click(within(within(send).getByTestId('send-message-platform')).getByRole('combobox'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2));
    const [facebook, instagram] = document.querySelectorAll('.ant-select-item-option');
    expect(facebook).toHaveTextContent('Facebook (Reconnect needed)');
    expect(facebook).toHaveClass('ant-select-item-option-disabled');
    expect(instagram).not.toHaveClass('ant-select-item-option-disabled');

    await userEvent.type(within(send).getByTestId('send-message-recipient'), '2411');
    await userEvent.type(within(send).getByTestId('send-message-text'), 'Hello');
    await userEvent.click(within(send).getByTestId('send-message-submit'));
    await waitFor(async () =>
      expect(await lastBodyOf(fetchSpy, 'POST /api/messages/send')).toMatchObject({ platform: 'instagram' }),
    );
  });

  it('when every connected platform needs reconnecting: says why, offers Reconnect, sends nothing', async () => {
    openPanel({ integrations: [anIntegration('facebook', { needsReconnect: true })] });
    const send = await openSendTab();

    const notice = await within(send).findByTestId('send-message-reconnect');
    expect(notice).toHaveTextContent("Meta no longer accepts Parley's access.");
    expect(within(notice).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/setup/facebook',
    );
    expect(within(send).getByTestId('send-message-submit')).toBeDisabled();
    expect(within(send).queryByTestId('no-platforms')).not.toBeInTheDocument();
  });

  it("shows the server's refusal plainly (Send Failed)", async () => {
    const refusal =
      'The customer wrote more than 24 hours ago: only a person may answer now, until 7 days after their last message.';
    openPanel({}, { 'POST /api/messages/send': () => json(409, { message: refusal, code: 'CONFLICT' }) });
    const send = await openSendTab();
    await waitFor(() => expect(within(send).getByTestId('send-message-submit')).toBeEnabled());

    await userEvent.type(within(send).getByTestId('send-message-recipient'), '2411');
    await userEvent.type(within(send).getByTestId('send-message-text'), 'Hello');
    await userEvent.click(within(send).getByTestId('send-message-submit'));

    const toast = await findToast(refusal);
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Send Failed')).toBe(true);
    expect(within(send).getByTestId('send-message-problem')).toHaveTextContent(refusal);
    expect(within(send).getByTestId('send-message-text')).toHaveValue('Hello');
  });

  it('says Failed to send message. when the server gives no reason', async () => {
    openPanel({}, { 'POST /api/messages/send': () => new Response('', { status: 502 }) });
    const send = await openSendTab();
    await waitFor(() => expect(within(send).getByTestId('send-message-submit')).toBeEnabled());

    await userEvent.type(within(send).getByTestId('send-message-recipient'), '2411');
    await userEvent.type(within(send).getByTestId('send-message-text'), 'Hello');
    await userEvent.click(within(send).getByTestId('send-message-submit'));

    expect((await findToast('Failed to send message.')).hasTitle('Send Failed')).toBe(true);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseOption } from '../../../test/antd';
import { json, queryOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { aConversation } from '../../../test/fixtures/conversations';
import { setViewportWidth } from '../../../test/viewport';
import { janeServer, openInbox } from './fake-inbox';

const items = () => screen.getAllByTestId('conversation-item');
const listRequests = (fetchSpy: jest.SpyInstance) =>
  requestsTo(fetchSpy, 'GET /api/conversations')
    .map(queryOf)
    // The thread's own lookup of its conversation (by username) is not the list.
    .filter((query) => query.limit === '30');

beforeEach(() => setViewportWidth(1280));

describe('/inbox: the conversation list', () => {
  const server = () =>
    janeServer({
      conversations: [
        aConversation({ minutesAgo: 2, unreadCount: 3 }),
        aConversation({
          customerId: 'c-2',
          customerName: 'Omar Haddad',
          platform: 'facebook',
          stage: 'interested',
          unreadCount: 0,
          needsHuman: true,
          minutesAgo: 90,
          lastMessage: {
            id: 'm-9',
            content: 'Yes, we ship to Spain in 3 days.',
            direction: 'outgoing',
            aiGenerated: true,
          },
        }),
        aConversation({
          customerId: 'c-3',
          customerName: 'Lena Park',
          lastMessage: null,
          unreadCount: 0,
          minutesAgo: 3 * 1440,
        }),
      ],
    });

  it('shows each conversation: who, when, the last message on one line, unread count, stage and state', async () => {
    openInbox(server());
    await screen.findAllByTestId('conversation-item');

    expect(
      items().map((item) => [
        within(item).getByTestId('platform-icon').textContent,
        within(item).getByTestId('conversation-name').textContent,
        within(item).getByTestId('conversation-time').textContent,
        item.textContent?.includes('AI:') ?? false,
        within(item).getByTestId('conversation-last-message').textContent,
        within(item).queryByTestId('conversation-unread')?.textContent ?? null,
        within(item).getByTestId('customer-stage').textContent,
        within(item).queryByTestId('conversation-needs-human') !== null,
      ]),
    ).toEqual([
      ['IG', 'Jane Smith', '2 minutes ago', false, 'Do you ship to Spain?', '3', 'New', false],
      ['FB', 'Omar Haddad', '1 hour ago', true, 'Yes, we ship to Spain in 3 days.', null, 'Interested', true],
      ['IG', 'Lena Park', '3 days ago', false, 'No messages yet', null, 'New', false],
    ]);
    // Names and messages keep their own direction, cut to one line with the whole text on hover.
    const name = within(items()[0]).getByTestId('conversation-name');
    expect(name).toHaveAttribute('dir', 'auto');
    expect(name).toHaveAttribute('title', 'Jane Smith');
    expect(name).toHaveStyle({ whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
  });

  it('opens on the open conversations; Closed and All go to the server', async () => {
    const { fetchSpy } = openInbox(server());
    await screen.findAllByTestId('conversation-item');
    expect(listRequests(fetchSpy).at(-1)).toEqual({ state: 'open', limit: '30' });

    await userEvent.click(within(screen.getByTestId('inbox-state-filter')).getByText('Closed'));
    await waitFor(() => expect(listRequests(fetchSpy).at(-1)).toEqual({ state: 'closed', limit: '30' }));

    await userEvent.click(within(screen.getByTestId('inbox-state-filter')).getByText('All'));
    await waitFor(() => expect(listRequests(fetchSpy).at(-1)).toEqual({ limit: '30' }));
  });

  it.each([
    ['Unread', { unread: 'true' }],
    ['Needs a person', { needsHuman: 'true' }],
    ['AI paused', { aiPaused: 'true' }],
    ['AI active', { aiPaused: 'false' }],
  ])('sends Show: %s as %j', async (label, flags) => {
    const { fetchSpy } = openInbox(server());
    await screen.findAllByTestId('conversation-item');

    await chooseOption(screen.getByTestId('inbox-show-filter'), label);

    await waitFor(() =>
      expect(listRequests(fetchSpy).at(-1)).toEqual({ state: 'open', ...flags, limit: '30' }),
    );
  });

  it('sends the platform, the stage and the search', async () => {
    const { fetchSpy } = openInbox(server());
    await screen.findAllByTestId('conversation-item');

    await chooseOption(screen.getByTestId('inbox-platform-filter'), 'Facebook');
    await chooseOption(screen.getByTestId('inbox-stage-filter'), 'Interested');
    await userEvent.type(screen.getByTestId('inbox-search'), 'omar');

    await waitFor(() =>
      expect(listRequests(fetchSpy).at(-1)).toEqual({
        state: 'open',
        platform: 'facebook',
        stage: 'interested',
        q: 'omar',
        limit: '30',
      }),
    );
  });

  it('says when nothing matches, and when there is nothing yet', async () => {
    openInbox(janeServer({ conversations: [] }));
    expect(await screen.findByTestId('inbox-empty-hint')).toHaveTextContent(
      'Conversations appear here when customers write to you.',
    );

    await userEvent.type(screen.getByTestId('inbox-search'), 'zzz');
    await waitFor(() =>
      expect(screen.getByTestId('inbox-empty-hint')).toHaveTextContent(
        'No conversations match your search or filters. Try changing them.',
      ),
    );
  });

  it('loads the next page with the cursor of the last one', async () => {
    const { fetchSpy } = openInbox(janeServer(), '/inbox', {
      'GET /api/conversations': (request) =>
        queryOf(request).cursor === 'page-2'
          ? json(200, [aConversation({ customerId: 'c-9', customerName: 'Older One' })])
          : json(200, [aConversation()], { 'x-next-cursor': 'page-2' }),
    });
    await screen.findAllByTestId('conversation-item');

    await userEvent.click(screen.getByTestId('inbox-load-more'));

    await waitFor(() => expect(items()).toHaveLength(2));
    expect(within(items()[1]).getByTestId('conversation-name')).toHaveTextContent('Older One');
    expect(listRequests(fetchSpy).at(-1)).toMatchObject({ cursor: 'page-2' });
    expect(screen.queryByTestId('inbox-load-more')).not.toBeInTheDocument();
  });

  it('says so when the list cannot load', async () => {
    openInbox(janeServer(), '/inbox', { 'GET /api/conversations': () => json(500, { message: 'boom' }) });
    expect(await screen.findByText('Failed to load conversations.')).toBeInTheDocument();
  });

  it('moves a conversation to the top when its customer writes, live over /ws', async () => {
    const live = server();
    openInbox(live);
    await screen.findAllByTestId('conversation-item');
    act(() => FakeWebSocket.latest().open());

    const [jane, omar, lena] = live.conversations;
    live.conversations = [{ ...lena, unreadCount: 1 }, jane, omar];
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'new_message',
        message: 'New message from Lena Park',
        data: { customerId: 'c-3' },
      }),
    );

    await waitFor(() => expect(items()[0]).toHaveAttribute('data-customer-id', 'c-3'));
    expect(within(items()[0]).getByTestId('conversation-unread')).toHaveTextContent('1');
  });

  it('follows another tab quietly: a conversation_updated refetches without a popup', async () => {
    const live = server();
    openInbox(live);
    await screen.findAllByTestId('conversation-item');
    act(() => FakeWebSocket.latest().open());

    live.conversations = live.conversations.map((c) =>
      c.customerId === 'c-1' ? { ...c, unreadCount: 0 } : c,
    );
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'conversation_updated',
        message: '',
        data: { customerId: 'c-1' },
      }),
    );

    await waitFor(() =>
      expect(within(items()[0]).queryByTestId('conversation-unread')).not.toBeInTheDocument(),
    );
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });

  it('is in the sidebar right after the dashboard', async () => {
    openInbox(janeServer());
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.slice(0, 3).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Inbox', '/inbox'],
      ['Messages', '/messages'],
    ]);
  });
});

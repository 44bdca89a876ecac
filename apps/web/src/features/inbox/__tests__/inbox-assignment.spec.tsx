import { PRESENCE_TTL_MS } from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastBodyOf, queryOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { aConversation } from '../../../test/fixtures/conversations';
import { aCustomer } from '../../../test/fixtures/customers';
import { aMessage } from '../../../test/fixtures/messages';
import { grace, linus } from '../../../test/fixtures/team';
import { ada } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { janeServer, openInbox } from './fake-inbox';

beforeEach(() => setViewportWidth(1280));

const bob = aConversation({
  customerId: 'c-2',
  customerName: 'Bob Stone',
  platformUsername: 'bob',
  assigneeId: ada.id,
});
const cy = aConversation({
  customerId: 'c-3',
  customerName: 'Cy Young',
  platformUsername: 'cy',
  assigneeId: grace.userId,
});

/** A name as the sentence holds it: isolated, so that it keeps its own direction. */
const iso = (name: string) => `\u2068${name}\u2069`;

const names = () => screen.getAllByTestId('conversation-name').map((n) => n.textContent);

/** Ada's inbox with Jane (unassigned), Bob (Ada's) and Cy (Grace's), Jane's thread open. */
async function openAssigned() {
  const server = janeServer({
    conversations: [aConversation(), bob, cy],
    customers: [
      aCustomer(),
      aCustomer({ id: 'c-2', name: 'Bob Stone' }),
      aCustomer({ id: 'c-3', name: 'Cy Young' }),
    ],
  });
  const rendered = openInbox(server, '/inbox?customer=c-1');
  await screen.findByTestId('thread');
  await waitFor(() => expect(names()).toHaveLength(3));
  return { ...rendered, server };
}

/** The query of the list's latest request. */
function lastListQuery(fetchSpy: Parameters<typeof requestsTo>[0]) {
  const requests = requestsTo(fetchSpy, 'GET /api/conversations');
  return queryOf(requests[requests.length - 1]);
}

/** Opens an assignment menu and picks `label`. */
async function pick(button: HTMLElement, label: string) {
  await userEvent.click(button);
  await userEvent.click(await screen.findByRole('menuitem', { name: label }));
}

describe('the inbox: assignment', () => {
  it('filters Mine, Unassigned and All on the server', async () => {
    const { fetchSpy } = await openAssigned();
    const filter = screen.getByTestId('inbox-assignee-filter');

    await userEvent.click(within(filter).getByText('Mine'));
    await waitFor(() => expect(names()).toEqual(['Bob Stone']));
    expect(lastListQuery(fetchSpy).assignee).toBe('mine');

    await userEvent.click(within(filter).getByText('Unassigned'));
    await waitFor(() => expect(names()).toEqual(['Jane Smith']));

    await userEvent.click(within(filter).getByText('All'));
    await waitFor(() => expect(names()).toHaveLength(3));
    // All is the list as it opened: no parameter.
    expect(queryOf(requestsTo(fetchSpy, 'GET /api/conversations')[0])).not.toHaveProperty('assignee');
  });

  it('shows who each conversation is assigned to, and assigns from the thread header', async () => {
    const { fetchSpy } = await openAssigned();
    const rows = screen.getAllByTestId('conversation-assign');
    expect(rows.map((row) => row.textContent)).toEqual(['Assign', 'Ada Lovelace (you)', 'Grace Hopper']);
    const header = screen.getByTestId('thread-assign');
    expect(header).toHaveTextContent('Unassigned');

    await pick(header, 'Linus Pauling');
    await waitFor(async () =>
      expect(await lastBodyOf(fetchSpy, 'PATCH /api/conversations/c-1')).toEqual({
        assigneeId: linus.userId,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('thread-assign')).toHaveTextContent('Linus Pauling'));
    expect(screen.getAllByTestId('conversation-assign')[0]).toHaveTextContent('Linus Pauling');
    expect(await screen.findByText('Conversation assigned to Linus Pauling.')).toBeInTheDocument();
  });

  it('reassigns and unassigns from the list without opening the conversation', async () => {
    const { fetchSpy } = await openAssigned();
    await pick(screen.getAllByTestId('conversation-assign')[2], 'Unassigned');
    await waitFor(async () =>
      expect(await lastBodyOf(fetchSpy, 'PATCH /api/conversations/c-3')).toEqual({ assigneeId: null }),
    );
    await waitFor(() => expect(screen.getAllByTestId('conversation-assign')[2]).toHaveTextContent('Assign'));
    // Still on Jane's thread.
    expect(screen.getByTestId('thread')).toHaveAttribute('data-customer-id', 'c-1');
  });

  it("starts a person's last message with who wrote it: You, a teammate, or the owner before teams", async () => {
    const reply = (customerId: string, customerName: string, authorId?: string) =>
      aConversation({
        customerId,
        customerName,
        lastMessage: {
          id: `m-${customerId}`,
          content: 'It ships tomorrow.',
          direction: 'outgoing',
          aiGenerated: false,
          ...(authorId ? { authorId } : {}),
        },
      });
    const server = janeServer({
      conversations: [
        reply('c-1', 'Jane Smith', ada.id),
        reply('c-2', 'Bob Stone', grace.userId),
        reply('c-3', 'Cy Young'),
        reply('c-4', 'Dee Long', 'a-former-member-id'),
      ],
      customers: [aCustomer()],
    });
    openInbox(server, '/inbox');
    await waitFor(() => expect(screen.getAllByTestId('conversation-from')).toHaveLength(4));
    await waitFor(() =>
      expect(screen.getAllByTestId('conversation-from').map((n) => n.textContent)).toEqual([
        'You:',
        `${iso('Grace Hopper')}:`,
        // No author: sent before teams, by the owner, who is Ada.
        'You:',
        `${iso('A former member')}:`,
      ]),
    );
  });

  it('names an assignee who left the team a former member', async () => {
    const server = janeServer({
      conversations: [aConversation({ assigneeId: '0d6b8c1e-0000-4000-8000-000000000000' })],
    });
    openInbox(server, '/inbox?customer=c-1');
    await waitFor(() => expect(screen.getByTestId('thread-assign')).toHaveTextContent('A former member'));
  });
});

describe('the thread: presence', () => {
  it('tells the others it is viewing, then replying, and that it left', async () => {
    openInbox(
      janeServer({
        conversations: [aConversation(), bob],
        customers: [aCustomer(), aCustomer({ id: 'c-2', name: 'Bob Stone' })],
      }),
      '/inbox?customer=c-1',
    );
    await screen.findByTestId('thread');
    act(() => FakeWebSocket.latest().open());
    const sent = () =>
      FakeWebSocket.latest().sent.map((frame) => JSON.parse(frame) as Record<string, unknown>);
    await waitFor(() =>
      expect(sent()).toContainEqual({ type: 'presence', customerId: 'c-1', state: 'viewing' }),
    );

    await userEvent.type(screen.getByTestId('thread-reply-input'), 'Hel');
    expect(sent().filter((m) => m.state === 'typing')).toEqual([
      { type: 'presence', customerId: 'c-1', state: 'typing' },
    ]);

    // Opening another conversation leaves this one.
    await userEvent.click(screen.getAllByTestId('conversation-item')[1]);
    await waitFor(() =>
      expect(sent()).toContainEqual({ type: 'presence', customerId: 'c-1', state: 'left' }),
    );
    await waitFor(() =>
      expect(sent().at(-1)).toEqual({ type: 'presence', customerId: 'c-2', state: 'viewing' }),
    );
  });

  it('shows "Grace is replying" until she leaves or stops refreshing', async () => {
    openInbox(janeServer(), '/inbox?customer=c-1');
    await screen.findByTestId('thread');
    act(() => FakeWebSocket.latest().open());
    const presence = (userId: string, name: string, state: string, customerId = 'c-1') =>
      act(() =>
        FakeWebSocket.latest().receive({
          type: 'presence',
          message: '',
          data: { customerId, userId, name, state },
        }),
      );

    presence(grace.userId, 'Grace', 'viewing', 'c-2');
    expect(screen.queryByTestId('thread-presence')).not.toBeInTheDocument();
    presence(grace.userId, 'Grace', 'viewing');
    expect(await screen.findByTestId('thread-presence')).toHaveTextContent(
      `${iso('Grace')} is viewing this conversation`,
    );
    presence(linus.userId, 'Linus', 'typing');
    await waitFor(() =>
      expect(screen.getByTestId('thread-presence')).toHaveTextContent(`${iso('Linus')} is replying`),
    );
    presence(grace.userId, 'Grace', 'typing');
    await waitFor(() =>
      expect(screen.getByTestId('thread-presence')).toHaveTextContent(
        `${iso('Grace')} and ${iso('Linus')} are replying`,
      ),
    );
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();

    presence(linus.userId, 'Linus', 'left');
    await waitFor(() =>
      expect(screen.getByTestId('thread-presence')).toHaveTextContent(`${iso('Grace')} is replying`),
    );
    // Not refreshed: gone after PRESENCE_TTL_MS.
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + PRESENCE_TTL_MS + 1);
    try {
      await waitFor(() => expect(screen.queryByTestId('thread-presence')).not.toBeInTheDocument(), {
        timeout: 2500,
      });
    } finally {
      clock.mockRestore();
    }
  });

  it('says it in Arabic, right to left', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openInbox(janeServer(), '/inbox?customer=c-1');
    await screen.findByTestId('thread');
    act(() => FakeWebSocket.latest().open());
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'presence',
        message: '',
        data: { customerId: 'c-1', userId: grace.userId, name: 'Sara', state: 'typing' },
      }),
    );
    expect(await screen.findByTestId('thread-presence')).toHaveTextContent(`${iso('Sara')} يكتب ردًا`);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('the thread: who replied', () => {
  const reply = (id: string, fields: Parameters<typeof aMessage>[0]) =>
    aMessage({ id, direction: 'outgoing', status: 'sent', content: `reply ${id}`, ...fields });

  it.each([
    ['en', 'Replied by', 'ltr'],
    ['ar', 'ردّ', 'rtl'],
    ['es', 'Respondido por', 'ltr'],
  ] as const)('says "Replied by" beside a person’s reply only (%s)', async (language, repliedBy, dir) => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    openInbox(
      janeServer({
        threads: {
          'c-1': [
            reply('named', { authorId: grace.userId, authorName: 'Grace H.' }),
            reply('by-id', { authorId: linus.userId }),
            reply('before-teams', {}),
            reply('ai', { aiGenerated: true }),
            reply('away', { awayMessage: true }),
            reply('unknown', { authorId: '0d6b8c1e-0000-4000-8000-000000000000' }),
            aMessage({ id: 'in' }),
          ],
        },
      }),
      '/inbox?customer=c-1',
    );
    const author = (id: string) => {
      const message = screen.getAllByTestId('thread-message').find((m) => m.dataset.messageId === id);
      if (!message) throw new Error(`No message ${id}`);
      return within(message).queryByTestId('thread-message-author')?.textContent ?? null;
    };
    // The name from the reply, else the team's, else the owner's for a reply from before teams.
    await waitFor(() => expect(author('by-id')).toContain('Linus Pauling'));
    expect(author('named')).toBe(`${repliedBy} ${iso('Grace H.')}`);
    expect(author('before-teams')).toContain('Ada Lovelace');
    for (const id of ['ai', 'away', 'unknown', 'in']) expect(author(id)).toBeNull();
    expect(document.documentElement).toHaveAttribute('dir', dir);
  });
});

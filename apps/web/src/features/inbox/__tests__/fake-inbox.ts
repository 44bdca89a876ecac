import type {
  ConversationResponse,
  CustomerResponse,
  LeadResponse,
  MessageResponse,
} from '@parley/contracts';
import { type FakeRoutes, json, queryOf } from '../../../test/fake-api';
import { aConversation } from '../../../test/fixtures/conversations';
import { aCustomer } from '../../../test/fixtures/customers';
import { aMessage } from '../../../test/fixtures/messages';
import { MEMBERS } from '../../../test/fixtures/team';
import { ada, renderSignedIn } from '../../../test/render-app';

/** What the fake server holds; a test changes it to play a customer writing or another tab. */
export interface InboxServer {
  conversations: ConversationResponse[];
  customers: CustomerResponse[];
  /** Each customer's thread, newest first (as the API lists it). */
  threads: Record<string, MessageResponse[]>;
  leads: Record<string, LeadResponse[]>;
}

/** Jane's conversation: one unread question; her customer record; no leads. */
export function janeServer(overrides: Partial<InboxServer> = {}): InboxServer {
  return {
    conversations: [aConversation()],
    customers: [aCustomer()],
    threads: { 'c-1': [aMessage()] },
    leads: {},
    ...overrides,
  };
}

/**
 * The inbox's API over `server`: the list honours `state`, `assignee` (Ada is signed in) and `q` (name or
 * username), one conversation is read by id, PATCH changes it and answers it, as the gateway would, and the team
 * is Ada (owner), Grace and Linus. Other filters are read by the tests from the requests.
 */
export function inboxRoutes(server: InboxServer): FakeRoutes {
  const routes: FakeRoutes = {
    'GET /api/conversations': (request) => {
      const { state, q, assignee } = queryOf(request);
      const items = server.conversations.filter(
        (conversation) =>
          (state === undefined || conversation.closed === (state === 'closed')) &&
          (assignee === undefined || conversation.assigneeId === (assignee === 'mine' ? ada.id : null)) &&
          (q === undefined ||
            conversation.customerName.includes(q) ||
            conversation.platformUsername.includes(q)),
      );
      return json(200, items);
    },
    'GET /api/messages': (request) => json(200, server.threads[queryOf(request).customerId] ?? []),
    'GET /api/team/members': () => json(200, { items: MEMBERS }),
  };
  for (const customer of server.customers) {
    const id = customer.id;
    routes[`GET /api/customers/${id}`] = () =>
      json(
        200,
        server.customers.find((c) => c.id === id),
      );
    routes[`GET /api/customers/${id}/leads`] = () => json(200, server.leads[id] ?? []);
    routes[`GET /api/conversations/${id}`] = () => {
      const conversation = server.conversations.find((c) => c.customerId === id);
      return conversation
        ? json(200, conversation)
        : json(404, { statusCode: 404, message: 'Customer not found' });
    };
    routes[`PATCH /api/conversations/${id}`] = async (request) => {
      const changes = (await request.json()) as {
        aiPaused?: boolean;
        closed?: boolean;
        read?: boolean;
        assigneeId?: string | null;
      };
      const index = server.conversations.findIndex((conversation) => conversation.customerId === id);
      const pausedUntil = new Date(Date.now() + 24 * 3_600_000).toISOString();
      const current = server.conversations[index];
      const next: ConversationResponse = {
        ...current,
        ...(changes.closed === undefined ? {} : { closed: changes.closed }),
        ...(changes.read ? { unreadCount: 0 } : {}),
        ...(changes.assigneeId === undefined ? {} : { assigneeId: changes.assigneeId }),
        ...(changes.aiPaused === undefined
          ? {}
          : { aiPaused: changes.aiPaused, aiPausedUntil: changes.aiPaused ? pausedUntil : null }),
      };
      server.conversations[index] = next;
      server.customers = server.customers.map((c) =>
        c.id === id ? { ...c, aiPausedUntil: next.aiPausedUntil } : c,
      );
      return json(200, next);
    };
  }
  return routes;
}

/** The signed-in app at `path` (the inbox by default) over `server`, with `routes` on top. */
export function openInbox(server: InboxServer, path = '/inbox', routes: FakeRoutes = {}) {
  return renderSignedIn(path, undefined, { ...inboxRoutes(server), ...routes });
}

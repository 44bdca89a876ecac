import type {
  AssigneeFilter,
  ConversationResponse,
  ConversationState,
  CustomerResponse,
  CustomerStage,
  LeadResponse,
  MessageResponse,
  PageResponse,
  CustomerPlatform,
  TemplateChoice,
  UpdateContactDto,
  UpdateConversationDto,
  WhatsAppTemplateResponse,
} from '@parley/contracts';
import { api } from '../../app/api';
import { listFeedEndpoint } from '../../app/list-page';
import { customersApi } from '../customers/api';
import type { TestDataFilter } from '../../shared/hooks/use-show-test-data';

/**
 * Server-side search and filters of GET /api/conversations (`q` matches the customer's name, platform
 * username or any message). The flags go as text: 'true' keeps only those, 'false' (aiPaused) only the others.
 */
export interface ConversationFilters {
  q?: string;
  state?: ConversationState;
  unread?: 'true';
  needsHuman?: 'true';
  aiPaused?: 'true' | 'false';
  platform?: CustomerPlatform;
  stage?: CustomerStage;
  /** Mine or Unassigned (docs/teams.md, "Assignment"); absent: all. */
  assignee?: Exclude<AssigneeFilter, 'all'>;
  limit?: number;
  includeTest?: TestDataFilter['includeTest'];
}

/** Puts the server's answer in place of the conversation it changed, where a loaded page holds it. */
function replaceIn(page: PageResponse<ConversationResponse>, answer: ConversationResponse): void {
  const index = page.items.findIndex((item) => item.customerId === answer.customerId);
  if (index >= 0) page.items[index] = answer;
}

export const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One conversation per customer, newest activity first, a page at a time. */
    conversationsFeed: listFeedEndpoint<ConversationResponse, ConversationFilters>(
      build,
      '/conversations',
      'Conversations',
    ),
    /** The open conversation (closed, unread, needs a person), whatever the list's filters and pages hold. */
    getConversation: build.query<ConversationResponse, string>({
      query: (customerId) => `/conversations/${encodeURIComponent(customerId)}`,
      providesTags: ['Conversations'],
    }),
    /**
     * Closes or reopens, marks read, pauses or resumes the AI, assigns. The answer goes into every loaded list and
     * the customer at once, so that a switch or a button never shows the old state while they refetch.
     */
    updateConversation: build.mutation<ConversationResponse, { customerId: string } & UpdateConversationDto>({
      query: ({ customerId, ...body }) => ({
        url: `/conversations/${encodeURIComponent(customerId)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['Conversations', 'Customers'],
      async onQueryStarted({ customerId }, { dispatch, getState, queryFulfilled }) {
        let answer: ConversationResponse;
        try {
          answer = (await queryFulfilled).data;
        } catch {
          return; // The screen that asked reports the failure.
        }
        const state = getState();
        for (const args of inboxApi.util.selectCachedArgsForQuery(state, 'conversationsFeed')) {
          dispatch(
            inboxApi.util.updateQueryData('conversationsFeed', args, (feed) =>
              feed.pages.forEach((page) => replaceIn(page, answer)),
            ),
          );
        }
        void dispatch(inboxApi.util.upsertQueryData('getConversation', customerId, answer));
        dispatch(
          customersApi.util.updateQueryData('getCustomer', customerId, (customer) => {
            customer.aiPausedUntil = answer.aiPausedUntil;
          }),
        );
      },
    }),
    /** The contact panel: name, email, phone, interest, notes, tags or stage (a stage may open a lead). */
    updateContact: build.mutation<CustomerResponse, { id: string } & UpdateContactDto>({
      query: ({ id, ...body }) => ({ url: `/customers/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['Conversations', 'Customers', 'Stats'],
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(customersApi.util.upsertQueryData('getCustomer', id, data));
        } catch {
          // The panel reports the failure.
        }
      },
    }),
    /** The customer's leads, newest first; a stage change or a new_lead event may open one. */
    customerLeads: build.query<LeadResponse[], string>({
      query: (id) => `/customers/${encodeURIComponent(id)}/leads`,
      providesTags: ['Customers'],
    }),
    /**
     * The approved templates of the WhatsApp number the customer wrote to (what may go out of the window):
     * read lazily, when the template dialog opens.
     */
    whatsappTemplates: build.query<WhatsAppTemplateResponse[], string>({
      query: (customerId) => `/conversations/${encodeURIComponent(customerId)}/templates`,
    }),
    /**
     * An approved WhatsApp template to the customer, inside or outside the 24-hour window. Stored and shown
     * like a person's reply (it pauses the AI too), so it refreshes what the reply does.
     */
    sendTemplate: build.mutation<MessageResponse, { customerId: string } & TemplateChoice>({
      query: ({ customerId, ...body }) => ({
        url: `/conversations/${encodeURIComponent(customerId)}/template`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Messages', 'Conversations', 'Customers', 'Stats'],
    }),
  }),
});

export const {
  useConversationsFeedInfiniteQuery,
  useGetConversationQuery,
  useUpdateConversationMutation,
  useUpdateContactMutation,
  useCustomerLeadsQuery,
  useLazyWhatsappTemplatesQuery,
  useSendTemplateMutation,
} = inboxApi;

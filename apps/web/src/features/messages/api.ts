import type {
  IngestMessageResult,
  MessageResponse,
  MessageStatus,
  PageResponse,
  Platform,
  ReplyMessageDto,
  SimulateMessageDto,
} from '@parley/contracts';
import { api } from '../../app/api';
import { listParams, toListPage } from '../../app/list-page';

/** Server-side search and filters of GET /api/messages (spec 000 §5: `q` matches content or platform). */
export interface MessageFilters {
  q?: string;
  platform?: Platform;
  status?: MessageStatus;
}

export interface MessageQuery extends MessageFilters {
  /** One customer's conversation. */
  customerId?: string;
  limit?: number;
}

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The inbox, newest first, a page at a time (`x-next-cursor`). */
    messagesFeed: build.infiniteQuery<PageResponse<MessageResponse>, MessageFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/messages',
        params: listParams({
          q: queryArg.q?.trim(),
          platform: queryArg.platform,
          status: queryArg.status,
          cursor: pageParam,
        }),
      }),
      transformResponse: (items: MessageResponse[], meta) => toListPage(items, meta),
      providesTags: ['Messages'],
    }),
    /** One page, newest first: the dashboard, the bell and a customer's thread. */
    listMessages: build.query<PageResponse<MessageResponse>, MessageQuery>({
      query: ({ q, ...rest }) => ({ url: '/messages', params: listParams({ q: q?.trim(), ...rest }) }),
      transformResponse: (items: MessageResponse[], meta) => toListPage(items, meta),
      providesTags: ['Messages'],
    }),
    simulateMessage: build.mutation<IngestMessageResult, SimulateMessageDto>({
      query: (body) => ({ url: '/simulate-message', method: 'POST', body }),
      invalidatesTags: ['Messages', 'Customers', 'Stats'],
    }),
    /** A manual reply (not AI); the customer's pending messages become responded. */
    replyToCustomer: build.mutation<MessageResponse, ReplyMessageDto>({
      query: (body) => ({ url: '/messages/reply', method: 'POST', body }),
      invalidatesTags: ['Messages', 'Customers', 'Stats'],
    }),
  }),
});

export const {
  useMessagesFeedInfiniteQuery,
  useListMessagesQuery,
  useSimulateMessageMutation,
  useReplyToCustomerMutation,
} = messagesApi;

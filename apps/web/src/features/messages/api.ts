import type {
  IngestMessageResult,
  MessageResponse,
  MessageStatus,
  Platform,
  ReplyMessageDto,
  SimulateMessageDto,
  TestDataDeletedResponse,
} from '@parley/contracts';
import { api } from '../../app/api';
import { listFeedEndpoint, listPageEndpoint } from '../../app/list-page';
import { type TestDataFilter, useTestDataFilter } from '../../shared/hooks/use-show-test-data';

/** Server-side search and filters of GET /api/messages (spec 000 §5: `q` matches content or platform). */
export interface MessageFilters {
  q?: string;
  platform?: Platform;
  status?: MessageStatus;
  includeTest?: TestDataFilter['includeTest'];
}

export interface MessageQuery extends MessageFilters {
  /** One customer's conversation. */
  customerId?: string;
  limit?: number;
}

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The inbox, newest first, a page at a time. */
    messagesFeed: listFeedEndpoint<MessageResponse, MessageFilters>(build, '/messages', 'Messages'),
    /** One page, newest first: the dashboard, the bell and a customer's thread. */
    listMessages: listPageEndpoint<MessageResponse, MessageQuery>(build, '/messages', 'Messages'),
    simulateMessage: build.mutation<IngestMessageResult, SimulateMessageDto>({
      query: (body) => ({ url: '/simulate-message', method: 'POST', body }),
      invalidatesTags: ['Messages', 'Conversations', 'Customers', 'Stats'],
    }),
    /** Every simulated customer and what hangs on them (docs/inbox.md, "Test data"). */
    deleteTestData: build.mutation<TestDataDeletedResponse, void>({
      query: () => ({ url: '/test-data', method: 'DELETE' }),
      invalidatesTags: ['Messages', 'Conversations', 'Customers', 'Stats'],
    }),
    /** A manual reply (not AI); the customer's pending messages become responded. */
    replyToCustomer: build.mutation<MessageResponse, ReplyMessageDto>({
      query: (body) => ({ url: '/messages/reply', method: 'POST', body }),
      invalidatesTags: ['Messages', 'Conversations', 'Customers', 'Stats'],
    }),
  }),
});

/** The messages list, a page at a time, without test data while the sidebar's switch hides it. */
export function useMessagesFeed(filters: MessageFilters) {
  return messagesApi.useMessagesFeedInfiniteQuery({ ...filters, ...useTestDataFilter() });
}

export const {
  useDeleteTestDataMutation,
  useMessagesFeedInfiniteQuery,
  useListMessagesQuery,
  useSimulateMessageMutation,
  useReplyToCustomerMutation,
} = messagesApi;

import type {
  CustomerPlatform,
  CustomerResponse,
  CustomerStage,
  PageResponse,
  PipelineResponse,
  StageChangeResponse,
  StageSuggestionResponse,
} from '@parley/contracts';
import { api } from '../../app/api';
import { listParams } from '../../app/list-page';
import type { RootState } from '../../app/store';
import { type CustomerFilters, customersApi } from '../customers/api';

/** The board's filters: its columns and headers are each read with them. */
export interface BoardFilters {
  q?: string;
  platform?: CustomerPlatform;
  includeTest?: 'false';
}

export interface StageMove {
  customer: CustomerResponse;
  to: CustomerStage;
}

type FeedPages = { pages: PageResponse<CustomerResponse>[]; pageParams: (string | null)[] };

/** Whether a list read with `filters` shows this customer (as the server filters: q in name, email, username). */
function listShows(filters: CustomerFilters, customer: CustomerResponse): boolean {
  if (filters.platform !== undefined && filters.platform !== customer.platform) return false;
  if (filters.includeTest === 'false' && customer.isTest) return false;
  const q = filters.q?.trim().toLowerCase();
  if (!q) return true;
  return [customer.name, customer.email ?? '', customer.platformUsername].some((text) =>
    text.toLowerCase().includes(q),
  );
}

/** Moves the customer between the cached pages of one list, as the server will once the move is stored. */
function moveInFeed(
  draft: FeedPages,
  filters: CustomerFilters,
  moved: CustomerResponse,
  from: CustomerStage,
) {
  for (const page of draft.pages) {
    const index = page.items.findIndex((item) => item.id === moved.id);
    if (index >= 0) {
      if (filters.stage === undefined) page.items[index] = moved;
      else page.items.splice(index, 1);
    }
  }
  if (filters.stage === moved.stage && filters.stage !== from && listShows(filters, moved)) {
    draft.pages[0]?.items.unshift(moved);
  }
}

export const pipelineApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The columns' headers: each stage's count and lead value, for the board's filters. */
    pipeline: build.query<PipelineResponse, BoardFilters>({
      query: (filters) => ({ url: '/pipeline', params: listParams({ ...filters }) }),
      providesTags: ['Customers'],
    }),
    /**
     * A card dropped on another column: PUT /api/customers/{id} (spec 000 §7), shown at once in every
     * cached list and header, and put back as it was if the server refuses.
     */
    moveCustomer: build.mutation<CustomerResponse, StageMove>({
      query: ({ customer, to }) => ({
        url: `/customers/${encodeURIComponent(customer.id)}`,
        method: 'PUT',
        body: { stage: to },
      }),
      async onQueryStarted({ customer, to }, { dispatch, getState, queryFulfilled }) {
        const from = customer.stage;
        const moved: CustomerResponse = { ...customer, stage: to, stageChangedAt: new Date().toISOString() };
        const state = getState() as RootState;
        const patches = [
          ...customersApi.util
            .selectCachedArgsForQuery(state, 'customersFeed')
            .map((filters) =>
              dispatch(
                customersApi.util.updateQueryData('customersFeed', filters, (draft) =>
                  moveInFeed(draft as FeedPages, filters, moved, from),
                ),
              ),
            ),
          ...pipelineApi.util.selectCachedArgsForQuery(state, 'pipeline').map((filters) =>
            dispatch(
              pipelineApi.util.updateQueryData('pipeline', filters, (draft) => {
                if (!listShows(filters, customer)) return;
                for (const column of draft.stages) {
                  const sign = column.stage === from ? -1 : column.stage === to ? 1 : 0;
                  column.count += sign;
                  column.value += sign * (customer.leadValue ?? 0);
                }
              }),
            ),
          ),
        ];
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: ['Customers', 'Conversations', 'Stats'],
    }),
    /** What the customer's lead is worth (null clears it): PATCH /api/customers/{id}. */
    setLeadValue: build.mutation<CustomerResponse, { id: string; leadValue: number | null }>({
      query: ({ id, leadValue }) => ({
        url: `/customers/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { leadValue },
      }),
      invalidatesTags: ['Customers', 'Conversations', 'Stats'],
    }),
    /**
     * Beyond the spec (issue 34): the AI's pending stage suggestions. Tagged as customers, so an AI reply or a
     * move in another tab (their /ws events) refreshes them.
     */
    stageSuggestions: build.query<StageSuggestionResponse[], void>({
      query: () => '/stage-suggestions',
      providesTags: ['Customers'],
    }),
    acceptStageSuggestion: build.mutation<CustomerResponse, string>({
      query: (customerId) => ({
        url: `/customers/${encodeURIComponent(customerId)}/stage-suggestion/accept`,
        method: 'POST',
      }),
      invalidatesTags: ['Customers', 'Conversations', 'Stats'],
    }),
    dismissStageSuggestion: build.mutation<void, string>({
      query: (customerId) => ({
        url: `/customers/${encodeURIComponent(customerId)}/stage-suggestion`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Customers'],
    }),
    /** Who moved the customer and why, newest first. */
    stageHistory: build.query<StageChangeResponse[], string>({
      query: (customerId) => `/customers/${encodeURIComponent(customerId)}/stage-history`,
      providesTags: ['Customers'],
    }),
    undoStageChange: build.mutation<CustomerResponse, { customerId: string; changeId: string }>({
      query: ({ customerId, changeId }) => ({
        url: `/customers/${encodeURIComponent(customerId)}/stage-history/${encodeURIComponent(changeId)}/undo`,
        method: 'POST',
      }),
      invalidatesTags: ['Customers', 'Conversations', 'Stats'],
    }),
  }),
});

export const {
  usePipelineQuery,
  useMoveCustomerMutation,
  useSetLeadValueMutation,
  useStageSuggestionsQuery,
  useAcceptStageSuggestionMutation,
  useDismissStageSuggestionMutation,
  useStageHistoryQuery,
  useUndoStageChangeMutation,
} = pipelineApi;

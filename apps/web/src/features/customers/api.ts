import type { CreateCustomerDto, CustomerPlatform, CustomerResponse, CustomerStage } from '@parley/contracts';
import { api } from '../../app/api';
import { listFeedEndpoint, listPageEndpoint } from '../../app/list-page';
import { type TestDataFilter, useTestDataFilter } from '../../shared/hooks/use-show-test-data';

/** Server-side search and filters of GET /api/customers (`q` matches name, email or platform username). */
export interface CustomerFilters {
  q?: string;
  platform?: CustomerPlatform;
  stage?: CustomerStage;
  includeTest?: TestDataFilter['includeTest'];
}

export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, a page at a time. */
    customersFeed: listFeedEndpoint<CustomerResponse, CustomerFilters>(build, '/customers', 'Customers'),
    /** The first page alone: the customer picker of Send Message, searched by name on one platform. */
    searchCustomers: listPageEndpoint<CustomerResponse, CustomerFilters>(build, '/customers', 'Customers'),
    /** One customer (a thread reads their channel state: Meta's window, the AI's pause). */
    getCustomer: build.query<CustomerResponse, string>({
      query: (id) => `/customers/${encodeURIComponent(id)}`,
      providesTags: ['Customers'],
    }),
    /** Add Customer. 409 when the platform username is taken. */
    createCustomer: build.mutation<CustomerResponse, CreateCustomerDto>({
      query: (body) => ({ url: '/customers', method: 'POST', body }),
      invalidatesTags: ['Customers', 'Conversations', 'Stats'],
    }),
    /** Any stage from any other (spec 000 §4); the conversion rate follows the stages. */
    updateCustomerStage: build.mutation<CustomerResponse, { id: string; stage: CustomerStage }>({
      query: ({ id, stage }) => ({
        url: `/customers/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { stage },
      }),
      invalidatesTags: ['Customers', 'Conversations', 'Stats'],
    }),
  }),
});

/** The customers list, a page at a time, without test data while the sidebar's switch hides it. */
export function useCustomersFeed(filters: CustomerFilters) {
  return customersApi.useCustomersFeedInfiniteQuery({ ...filters, ...useTestDataFilter() });
}

export const {
  useCustomersFeedInfiniteQuery,
  useSearchCustomersQuery,
  useGetCustomerQuery,
  useCreateCustomerMutation,
  useUpdateCustomerStageMutation,
} = customersApi;

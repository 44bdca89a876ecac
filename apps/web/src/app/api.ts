import type { EndpointBuilder } from '@reduxjs/toolkit/query';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** What a query provides and a mutation or a realtime event (features/realtime) invalidates. */
export const API_TAGS = [
  'CurrentUser',
  'Messages',
  'Customers',
  'Stats',
  'Usage',
  'AiConfig',
  'Products',
  'Knowledge',
  'TrainingDocuments',
] as const;

export type ApiTag = (typeof API_TAGS)[number];

const baseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'include',
  responseHandler: 'content-type',
});

/** What `api.injectEndpoints` hands a feature's `endpoints`; shared endpoint builders (app/list-page) take it. */
export type ApiEndpointBuilder = EndpointBuilder<typeof baseQuery, ApiTag, 'api'>;

/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in
 * `features/<feature>/api.ts`. Defaults follow spec 000 §9: no retries (RTK Query does not retry
 * unless asked), no refetch on focus, reconnect or mount, no polling, cache kept 5 minutes.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: API_TAGS,
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

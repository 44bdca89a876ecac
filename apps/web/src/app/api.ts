import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in
 * `features/<feature>/api.ts`. Defaults follow spec 000 §9: no retries (RTK Query does not retry
 * unless asked), no refetch on focus, reconnect or mount, no polling, cache kept 5 minutes.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    credentials: 'include',
    responseHandler: 'content-type',
  }),
  tagTypes: ['CurrentUser'],
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

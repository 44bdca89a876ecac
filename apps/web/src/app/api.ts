import type { EndpointBuilder, FetchBaseQueryError, RetryOptions } from '@reduxjs/toolkit/query';
import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';

/** What a query provides and a mutation or a realtime event (features/realtime) invalidates. */
export const API_TAGS = [
  'CurrentUser',
  'Messages',
  'Conversations',
  'Customers',
  'Stats',
  'Usage',
  'AiConfig',
  'Products',
  'Knowledge',
  'TrainingDocuments',
  'TestCases',
  'Integrations',
  'Plans',
  'Packages',
  'Billing',
  'EmailSummary',
  'EmailTemplates',
  'EmailCampaigns',
  'EmailSubscribers',
  'EmailSequences',
  'TeamMembers',
  'TeamInvitations',
  'AuditLog',
] as const;

export type ApiTag = (typeof API_TAGS)[number];

/** Without `extraOptions` a call is made once (spec 000 §9); an endpoint opts in with `SPEC_RETRIES`. */
const baseQuery = retry(
  fetchBaseQuery({
    baseUrl: '/api',
    credentials: 'include',
    responseHandler: 'content-type',
  }),
  { maxRetries: 0 },
);

/** Answers that another try cannot change: not signed in, not allowed, not there. */
const FINAL_STATUSES: ReadonlySet<unknown> = new Set([401, 403, 404]);
const RETRY_BASE_MS = 1000;
const RETRY_CAP_MS = 10_000;
const MAX_RETRIES = 3;

/**
 * Spec 001 §8 and §9, the dashboard's queries: up to 3 retries, 1 s, 2 s, 4 s apart (doubling, at most
 * 10 s), none after 401, 403 or 404. Pass as an endpoint's `extraOptions`.
 */
export const SPEC_RETRIES: RetryOptions = {
  retryCondition: (error, _args, { attempt }) =>
    attempt <= MAX_RETRIES && !FINAL_STATUSES.has((error as FetchBaseQueryError).status),
  backoff: (attempt) =>
    new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_BASE_MS * 2 ** (attempt - 1), RETRY_CAP_MS))),
};

/** What `api.injectEndpoints` hands a feature's `endpoints`; shared endpoint builders (app/list-page) take it. */
export type ApiEndpointBuilder = EndpointBuilder<typeof baseQuery, ApiTag, 'api'>;

/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints` in
 * `features/<feature>/api.ts`. Defaults follow spec 000 §9: no retries (unless an endpoint passes
 * `SPEC_RETRIES`), no refetch on focus, reconnect or mount, no polling, cache kept 5 minutes.
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

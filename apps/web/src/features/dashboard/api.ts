import type { StatsResponse, TestAgentDto, TestAgentResponse, UsageResponse } from '@parley/contracts';
import { api } from '../../app/api';
import type { TestDataFilter } from '../../shared/hooks/use-show-test-data';

/** Spec 001 §7 and §9: GET /api/usage is refetched this often (it also follows usage_warning events). */
export const USAGE_POLLING_MS = 30_000;

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** With test data unless `includeTest` is 'false' (useTestDataFilter). */
    getStats: build.query<StatsResponse, TestDataFilter | void>({
      query: (filter) => ({ url: '/stats', params: filter ?? {} }),
      providesTags: ['Stats'],
    }),
    getUsage: build.query<UsageResponse, void>({
      query: () => '/usage',
      providesTags: ['Usage'],
    }),
    /**
     * One answer of the test chat; it counts one API call and stores no message. The first one marks the
     * agent tested (`agentTestedAt`), so the AI configuration is refetched for the setup checklist.
     */
    testAgent: build.mutation<TestAgentResponse, TestAgentDto>({
      query: (body) => ({ url: '/ai/test-agent', method: 'POST', body }),
      invalidatesTags: ['Usage', 'AiConfig'],
    }),
  }),
});

export const { useGetStatsQuery, useGetUsageQuery, useTestAgentMutation } = dashboardApi;

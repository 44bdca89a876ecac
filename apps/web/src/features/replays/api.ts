import type { CreateReplayDto, ReplayResponse, SaveTestCaseDto, TestCaseResponse } from '@parley/contracts';
import { api } from '../../app/api';

export const replaysApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 202 with the replay's id; it runs on the server, its progress arrives over /ws (`replay_progress`). */
    createReplay: build.mutation<{ id: string }, CreateReplayDto>({
      query: (body) => ({ url: '/ai/replays', method: 'POST', body }),
    }),
    getReplay: build.query<ReplayResponse, string>({
      query: (id) => `/ai/replays/${encodeURIComponent(id)}`,
    }),
    /** Newest first: test-chat messages every replay answers besides the customers' latest ones. */
    listTestCases: build.query<TestCaseResponse[], void>({
      query: () => '/ai/test-cases',
      providesTags: ['TestCases'],
    }),
    saveTestCase: build.mutation<TestCaseResponse, SaveTestCaseDto>({
      query: (body) => ({ url: '/ai/test-cases', method: 'POST', body }),
      invalidatesTags: ['TestCases'],
    }),
    deleteTestCase: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: `/ai/test-cases/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['TestCases'],
    }),
  }),
});

export const {
  useCreateReplayMutation,
  useGetReplayQuery,
  useListTestCasesQuery,
  useSaveTestCaseMutation,
  useDeleteTestCaseMutation,
} = replaysApi;

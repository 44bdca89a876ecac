import type { AiConfigDto, AiConfigResponse } from '@parley/contracts';
import { api } from '../../app/api';

export const aiConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Defaults and `setupCompleted: false` before the first save. */
    getAiConfig: build.query<AiConfigResponse, void>({
      query: () => '/ai-config',
      providesTags: ['AiConfig'],
    }),
    /** AI Config and Business Setup. An absent field keeps its value; null clears it. */
    saveAiConfig: build.mutation<AiConfigResponse, AiConfigDto>({
      query: (body) => ({ url: '/ai-config', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(aiConfigApi.util.upsertQueryData('getAiConfig', undefined, data));
        } catch {
          // The form reports the failure.
        }
      },
    }),
  }),
});

export const { useGetAiConfigQuery, useSaveAiConfigMutation } = aiConfigApi;

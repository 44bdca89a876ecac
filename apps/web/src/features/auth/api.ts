import { api } from '../../app/api';

/** The signed-in user as GET /api/auth/me returns it. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  currentPackage: string;
  createdAt: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user; null when signed out (401). Other failures stay errors. */
    getCurrentUser: build.query<CurrentUser | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery('/auth/me');
        if (result.error?.status === 401) return { data: null };
        if (result.error) return { error: result.error };
        if (!isCurrentUser(result.data)) {
          return {
            error: {
              status: 'CUSTOM_ERROR',
              data: result.data,
              error: 'GET /api/auth/me did not answer a user',
            },
          };
        }
        return { data: result.data };
      },
      providesTags: ['CurrentUser'],
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

/** Enough to never take an HTML page or an empty body for a signed-in user. */
function isCurrentUser(value: unknown): value is CurrentUser {
  return typeof value === 'object' && value !== null && 'email' in value && typeof value.email === 'string';
}

export const { useGetCurrentUserQuery, useLogoutMutation } = authApi;

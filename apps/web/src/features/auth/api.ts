import type {
  CurrentUserResponse,
  ForgotPasswordDto,
  ForgotPasswordResponse,
  LoginDto,
  MessageOnlyResponse,
  NeedsVerificationResponse,
  RegisterDto,
  ResendVerificationDto,
  ResetPasswordDto,
  VerificationSentResponse,
} from '@parley/contracts';
import { api } from '../../app/api';
import type { ApiError } from '../../app/api-error';
import type { AcceptInvitationBody, AcceptInvitationResponse, InvitationPreview } from '../team';

/** Request bodies are the DTOs of `@parley/contracts`, which the gateway validates them with. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user; null when signed out (401). Other failures stay errors. */
    getCurrentUser: build.query<CurrentUserResponse | null, void>({
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
    /** Sets the session cookie. The caller refreshes the current user (see `useAuth().enterApp`). */
    login: build.mutation<MessageOnlyResponse, LoginDto>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    register: build.mutation<VerificationSentResponse, RegisterDto>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<ForgotPasswordResponse, ForgotPasswordDto>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageOnlyResponse, ResetPasswordDto>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    resendVerification: build.mutation<VerificationSentResponse, ResendVerificationDto>({
      query: (body) => ({ url: '/auth/resend-verification', method: 'POST', body }),
    }),
    /** The invitation behind a mailed link, for anyone holding it (docs/teams.md). */
    getInvitation: build.query<InvitationPreview, string>({
      query: (token) => `/invitations/${encodeURIComponent(token)}`,
    }),
    /**
     * Signed out, `{ name, password }` creates the invited account and signs it in; signed in, `{}` joins.
     * The caller reloads the app into the workspace (see `useAuth().enterApp`).
     */
    acceptInvitation: build.mutation<AcceptInvitationResponse, { token: string; body: AcceptInvitationBody }>(
      {
        query: ({ token, body }) => ({
          url: `/invitations/${encodeURIComponent(token)}/accept`,
          method: 'POST',
          body,
        }),
      },
    ),
  }),
});

/** Enough to never take an HTML page or an empty body for a signed-in user. */
function isCurrentUser(value: unknown): value is CurrentUserResponse {
  return typeof value === 'object' && value !== null && 'email' in value && typeof value.email === 'string';
}

/** The server refused because the account's email address is not verified yet (login, forgot password). */
export function needsVerification(error: ApiError | undefined): boolean {
  if (error === undefined || !('status' in error) || error.status !== 403) return false;
  const body = error.data as Partial<NeedsVerificationResponse> | null | undefined;
  return typeof body === 'object' && body !== null && body.needsVerification === true;
}

export const {
  useGetCurrentUserQuery,
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useResendVerificationMutation,
  useGetInvitationQuery,
  useAcceptInvitationMutation,
} = authApi;

import { type ReactNode, useCallback, useMemo } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { Loading } from '../../components/Loading';
import { authApi, useGetCurrentUserQuery, useLogoutMutation } from './api';
import { AuthContext, type AuthContextValue } from './auth-context';

/** Who is signed in (spec 000 §4). Shows a spinner until GET /api/auth/me has answered once. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data: user = null, isLoading } = useGetCurrentUserQuery();
  const [logoutRequest] = useLogoutMutation();
  const dispatch = useAppDispatch();

  const logout = useCallback(async () => {
    try {
      await logoutRequest().unwrap();
    } catch (error) {
      // Spec 000 §7: a failed logout is only logged; the user is signed out here all the same.
      console.error('Logout failed', error);
    }
    await dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
    window.location.assign('/');
  }, [logoutRequest, dispatch]);

  const value = useMemo<AuthContextValue>(() => ({ user, logout }), [user, logout]);

  if (isLoading) return <Loading fullScreen />;
  return <AuthContext value={value}>{children}</AuthContext>;
}

import { type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { browser } from '../../app/browser';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../../app/toast';
import { Loading } from '../../shared/components/Loading';
import { authApi, useGetCurrentUserQuery, useLogoutMutation } from './api';
import { AuthContext, type AuthContextValue } from './auth-context';
import { appPath } from './paths';

/** Spec 000 §7 and §9: after a sign-in the browser reloads the app at '/' this much later. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

/** Who is signed in (spec 000 §4). Shows a spinner until GET /api/auth/me has answered once. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data: user = null, isLoading } = useGetCurrentUserQuery();
  const [logoutRequest] = useLogoutMutation();
  const dispatch = useAppDispatch();
  /** Set while this tab logs out itself: its own logout goes to '/', not to the sign-in page. */
  const loggingOut = useRef(false);
  useSessionEndedRedirect(user, loggingOut);
  /**
   * Set between a sign-in and the reload it starts. The refreshed user may arrive first; the visitor
   * pages stay until the reload, so the signed-in not-found screen for /login never flashes.
   */
  const [enteringApp, setEnteringApp] = useState(false);
  const enterAppTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(enterAppTimer.current), []);

  const logout = useCallback(
    async (path?: string) => {
      loggingOut.current = true;
      try {
        await logoutRequest().unwrap();
      } catch (error) {
        // Spec 000 §7: a failed logout is only logged; the user is signed out here all the same.
        console.error('Logout failed', error);
      }
      await dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
      browser.assign(appPath(path));
    },
    [logoutRequest, dispatch],
  );

  const enterApp = useCallback(
    (path?: string) => {
      setEnteringApp(true);
      dispatch(authApi.util.invalidateTags(['CurrentUser']));
      window.clearTimeout(enterAppTimer.current);
      const target = appPath(path);
      enterAppTimer.current = window.setTimeout(() => browser.assign(target), LOGIN_REDIRECT_DELAY_MS);
    },
    [dispatch],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user: enteringApp ? null : user, logout, enterApp }),
    [enteringApp, user, logout, enterApp],
  );

  if (isLoading) return <Loading fullScreen />;
  return <AuthContext value={value}>{children}</AuthContext>;
}

/**
 * A session that ends elsewhere (a logout in another tab, a password reset, its expiry; the realtime
 * socket's 4401 makes the tab ask /api/auth/me again) takes the tab to the sign-in page, saying why,
 * instead of leaving it on whatever visitor page its address shows.
 */
function useSessionEndedRedirect(user: unknown, loggingOut: RefObject<boolean>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const signedIn = useRef(false);
  useEffect(() => {
    const wasSignedIn = signedIn.current;
    signedIn.current = user !== null;
    if (!wasSignedIn || user !== null || loggingOut.current) return;
    toast.error({ description: t('serverMessages.sessionEnded') });
    void navigate('/login', { replace: true });
  }, [user, loggingOut, t, navigate, toast]);
}

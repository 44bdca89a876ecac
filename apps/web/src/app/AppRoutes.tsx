import type { CurrentUserResponse } from '@parley/contracts';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { Loading } from '../shared/components/Loading';
import { useAuth } from '../features/auth/auth-context';
import { NoAccessPage } from '../features/shell/pages/NoAccessPage';
import { can, roleOf, type TeamRole } from '../features/team';
import {
  type AppRoute,
  SignedInFallbackPage,
  signedInRoutes,
  SignedOutFallbackPage,
  signedOutRoutes,
} from './routes';

/** The signed-in frame is a chunk of its own: visitors never download it. */
const AppShell = lazy(() => import('../features/shell/components/AppShell'));

/**
 * Paths match case-insensitively and with an optional trailing slash: react-router's default
 * (no `caseSensitive`), covered by the router tests.
 */
function toRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  return routes.map(({ path, Page }) => ({ path, element: <Page /> }));
}

const signedOut: RouteObject[] = [
  ...toRouteObjects(signedOutRoutes),
  { path: '*', element: <SignedOutFallbackPage /> },
];

/** A page the role does not open says so (the menus do not offer it; the server refuses its calls anyway). */
function signedInPages(role: TeamRole): RouteObject[] {
  return [
    ...signedInRoutes.map(({ path, Page, permission }) => ({
      path,
      element: permission === undefined || can(role, permission) ? <Page /> : <NoAccessPage />,
    })),
    { path: '*', element: <SignedInFallbackPage /> },
  ];
}

/** Spec 000 §2: the signed-in routes with a user, the signed-out routes without. */
export function AppRoutes() {
  const { user } = useAuth();
  useScrollToTop();
  return user ? <SignedInRoutes user={user} /> : <SignedOutRoutes />;
}

function SignedInRoutes({ user }: { user: CurrentUserResponse }) {
  const role = roleOf(user);
  const children = useMemo(() => signedInPages(role), [role]);
  const page = useRoutes([{ element: <AppShell user={user} />, children }]);
  return <Suspense fallback={<Loading fullScreen />}>{page}</Suspense>;
}

function SignedOutRoutes() {
  const page = useRoutes(signedOut);
  return <Suspense fallback={<Loading fullScreen />}>{page}</Suspense>;
}

/**
 * A new page opens at its top, as after a link between ordinary pages: the window kept the previous page's
 * scroll otherwise. A link to a section (/#pricing) scrolls there instead (the landing page does it).
 */
function useScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash === '') window.scrollTo(0, 0);
  }, [pathname, hash]);
}

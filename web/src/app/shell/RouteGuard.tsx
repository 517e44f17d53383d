import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { loginPath, useCurrentRoute } from '../../lib/routing/index.js';
import { useSessionUser } from '../../lib/session/index.js';
import { canOpen } from './access.js';

/**
 * Wraps a layout: renders it only when the current route may be opened, else goes to /login; a signed-out
 * visitor with where they were going (`?next=`), so that signing in takes them there. A page just reached from
 * sign-in that this user may not open sends them to their own home instead.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const route = useCurrentRoute();
  const user = useSessionUser();
  const location = useLocation();
  const { olympiadName } = useParams();
  // A session limited to enrolling in two-factor sign-in opens only the account page (and public pages).
  if (user?.twoFactorEnrolment && route && route.access !== 'public' && route.id !== 'auth.account') {
    return <Navigate to="/my-account" replace />;
  }
  if (route && !canOpen(route, user, olympiadName)) {
    if (!user) return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
    const afterSignIn = (location.state as { afterSignIn?: boolean } | null)?.afterSignIn === true;
    return <Navigate to={afterSignIn ? user.home : '/login'} replace />;
  }
  return children;
}

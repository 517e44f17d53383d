import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useCurrentRoute } from '../../lib/routing/index.js';
import { useSessionUser } from '../../lib/session/index.js';
import { canOpen } from './access.js';

/** Wraps a layout: renders it only when the current route may be opened, else goes to /login. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const route = useCurrentRoute();
  const user = useSessionUser();
  const { olympiadName } = useParams();
  if (route && !canOpen(route, user, olympiadName)) return <Navigate to="/login" replace />;
  return children;
}

import type { SessionUser } from '#contract/index';
import { grantRoles } from '#contract/index';
import { allowsRole, type AppRoute } from '../../lib/routing/index.js';

/**
 * The guard of docs/spec.md §6: without a stored user, or with a role the route does not allow, the answer
 * is /login. Staff with per-olympiad grants may open /{olympiadName}/… only for an olympiad they are granted (the server
 * checks the same on every call).
 */
export function canOpen(route: AppRoute, user: SessionUser | null, olympiadName: string | undefined): boolean {
  if (route.access === 'public') return true;
  if (!user) return false;
  if (!allowsRole(route, user.role)) return false;
  if (route.olympiadScoped && (grantRoles as readonly string[]).includes(user.role)) {
    return user.grants.some((grant) => grant.olympiadName === olympiadName);
  }
  return true;
}

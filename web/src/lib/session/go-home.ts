import type { NavigateFunction } from 'react-router';
import type { SessionUser } from '#contract/auth';
import { safeNext } from '../routing/next.js';

/** The login-success event fires 100 ms after sign-in (docs/spec.md §4); leave the page only after it. */
const AFTER_LOGIN_EVENT_MS = 150;

/**
 * Takes a user who has just signed in to where they land: the page they were going to (`next`, a path of this
 * site only), else their home. A learner goes with a full page load to their step of the olympiad (the sitting
 * knows where they are), so their pages run in the light learner entry (learner.html, decision 016) rather than
 * the staff app; everyone else moves within the app.
 */
export function goHome(
  user: Pick<SessionUser, 'role' | 'home'>,
  navigate: NavigateFunction,
  next?: string | null,
): void {
  if (user.role === 'learner') {
    window.setTimeout(() => window.location.replace(user.home), AFTER_LOGIN_EVENT_MS);
    return;
  }
  const target = safeNext(next);
  // The guard sends a page this user may not open to their home (state: just signed in), not back to /login.
  if (target) void navigate(target, { replace: true, state: { afterSignIn: true } });
  else void navigate(user.home, { replace: true });
}

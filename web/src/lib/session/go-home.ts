import type { NavigateFunction } from 'react-router';
import type { SessionUser } from '#contract/auth';

/** The login-success event fires 100 ms after sign-in (docs/spec.md §4); leave the page only after it. */
const AFTER_LOGIN_EVENT_MS = 150;

/**
 * Takes a user who has just signed in to where they land. A learner goes with a full page load, so their
 * pages run in the light learner entry (learner.html, decision 016) rather than the staff app; everyone
 * else moves within the app.
 */
export function goHome(user: Pick<SessionUser, 'role' | 'home'>, navigate: NavigateFunction): void {
  if (user.role === 'learner') {
    window.setTimeout(() => window.location.replace(user.home), AFTER_LOGIN_EVENT_MS);
    return;
  }
  void navigate(user.home, { replace: true });
}

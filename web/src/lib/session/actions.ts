import { SessionUser } from '#contract/index';
import { api } from '../api/client.js';
import { removePaperCopies } from '../offline/db.js';
import { clearUser, getImpersonatorUser, getUser, storeImpersonatorUser, storeUser } from './storage.js';

/** Ends the session on the server (best effort) and forgets it here. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout', { on401: 'ignore' });
  } catch {
    // The token may already be gone; signing out here is what matters.
  }
  clearUser();
  // A learner who signed in at /login writes in this app until a full load (decision 016): no paper stays behind.
  await removePaperCopies();
}

/**
 * Acts as another user (docs/spec.md §6): GET /user/rest/impersonate answers the target's session with
 * `impersonator` set. The original user is kept under `impersonator-user` for the way back.
 */
export async function impersonate(olympiadId: number | null, userEmail: string): Promise<SessionUser> {
  const target = await api.get('/user/rest/impersonate', {
    query: { olympiadId: olympiadId ?? undefined, userEmail },
    schema: SessionUser,
  });
  const original = getImpersonatorUser() ?? getUser();
  storeImpersonatorUser(original);
  storeUser(target);
  return target;
}

/** Returns to the original account; answers the restored user, or null when there was none. */
export async function stopImpersonating(): Promise<SessionUser | null> {
  try {
    await api.post('/api/auth/stop-impersonating', { on401: 'ignore' });
  } catch {
    // An expired impersonation session ends here anyway.
  }
  const original = getImpersonatorUser();
  if (!original) {
    clearUser();
    return null;
  }
  storeUser(original);
  storeImpersonatorUser(null);
  return original;
}

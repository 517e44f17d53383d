import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api/index.js';
import { removePaperCopies } from '../lib/offline/db.js';
import { clearUser, getImpersonatorUser, storeImpersonatorUser, storeUser } from '../lib/session/storage.js';

/**
 * Signing out and ending an impersonation from the learner page, as lib/session's hooks do, but
 * without lib/session/actions (it parses with zod) and ending in a full page load: every other
 * address belongs to the main app (decision 016). Signed out during a sitting (`olympiadName`), the learner lands
 * on that olympiad's sign-in page, which says how to get back in with the recovery PIN.
 */
let leaving = false;

/** Signing out is under way: the page is about to load another address (the guard must not send it to /login). */
export const isLeaving = () => leaving;

export function useLearnerLogout(olympiadName: string | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/api/auth/logout', { on401: 'ignore' });
      } catch {
        // The token may already be gone; signing out here is what matters.
      }
      leaving = true;
      clearUser();
      // No paper stays on a device its learner signed out of (unsent answers stay for their next session).
      await removePaperCopies();
    },
    onSettled: () => {
      queryClient.clear();
      window.location.replace(olympiadName ? `/${encodeURIComponent(olympiadName)}/login?signed-out` : '/login');
    },
  });
}

export function useLearnerStopImpersonating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
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
    },
    onSettled: (user) => {
      queryClient.clear();
      window.location.assign(user?.home ?? '/login');
    },
  });
}

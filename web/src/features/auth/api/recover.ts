import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { SessionUser, type RecoverBody } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { clearUser, storeUser } from '../../../lib/session/index.js';

/**
 * POST /api/sitting/recover {olympiadName, username, pin}: a learner who lost the session signs in
 * again with the recovery PIN; the answer is stored exactly like a sign-in.
 */
export async function recoverWithPin(body: z.input<typeof RecoverBody>): Promise<SessionUser> {
  const user = await api.post('/api/sitting/recover', { body, schema: SessionUser, on401: 'ignore' });
  clearUser();
  storeUser(user);
  return user;
}

/** The form shows a failure itself (and a friendlier word for too many tries). */
export const useRecoverWithPin = () => useMutation({ mutationFn: recoverWithPin, meta: { error: false } });

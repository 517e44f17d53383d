import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { SessionUser, SigninQueued, type SigninBody } from '#contract/index';
import { api, ApiError, isApiError } from '../../../lib/api/index.js';
import { clearUser, storeUser } from '../../../lib/session/index.js';

export const LOGIN_SUCCESS_EVENT = 'login-success';
export const UNSUCCESSFUL_LOGIN_EVENT = 'unsuccessful-login';
/** How long after a successful sign-in `login-success` fires (docs/spec.md §9). */
export const LOGIN_SUCCESS_DELAY_MS = 100;

/** Which field a failed sign-in names: the `detail` of the `unsuccessful-login` event. */
export type LoginFailureField = 'username' | 'password';
export interface UnsuccessfulLoginDetail {
  field: LoginFailureField;
  message: string;
}

export type SigninInput = z.input<typeof SigninBody>;

function failureField(error: unknown): LoginFailureField | null {
  if (!isApiError(error)) return null;
  if (error.code === 'unknown_username') return 'username';
  if (error.code === 'wrong_password') return 'password';
  return null;
}

function hasToken(body: unknown): boolean {
  const token = (body as { accessToken?: { token?: unknown } } | null)?.accessToken?.token;
  return typeof token === 'string' && token.length > 0;
}

/** What a sign-in answers: the session (200), or, for a learner, their place in the queue (202, decision 053). */
export type SigninAnswer = SessionUser | SigninQueued;

/** The learner was given a place in their olympiad's queue instead of a session. */
export const isQueued = (answer: SigninAnswer): answer is SigninQueued => 'queued' in answer && answer.queued;

/**
 * POST /api/auth/signin (docs/spec.md §7): stores the whole answer under `user` when it carries a token and
 * fires `login-success` 100 ms later; a wrong username or password fires `unsuccessful-login`. A learner whose
 * olympiad's waiting room has a queue is answered 202 with their place instead (decision 053): nothing is stored,
 * no event fires, and the answer is returned for the page to wait and sign in again once admitted.
 */
export async function signin(body: SigninInput): Promise<SigninAnswer> {
  let answer: unknown;
  try {
    answer = await api.post('/api/auth/signin', { body, on401: 'ignore' });
  } catch (error) {
    const field = failureField(error);
    if (field) {
      const detail: UnsuccessfulLoginDetail = { field, message: (error as Error).message };
      window.dispatchEvent(new CustomEvent(UNSUCCESSFUL_LOGIN_EVENT, { detail }));
    }
    throw error;
  }
  const queued = SigninQueued.safeParse(answer);
  if (queued.success) return queued.data;
  if (!hasToken(answer)) throw new ApiError('The server did not start a session. Try again.', 200, 'bad_response');
  clearUser();
  storeUser(answer);
  setTimeout(
    () => window.dispatchEvent(new CustomEvent(LOGIN_SUCCESS_EVENT, { detail: answer })),
    LOGIN_SUCCESS_DELAY_MS,
  );
  const user = SessionUser.safeParse(answer);
  if (!user.success)
    throw new ApiError('The server sent an answer this page does not understand.', 200, 'bad_response');
  return user.data;
}

/** The form shows a failure itself: on the field a wrong username or password names, else above the form. */
export const useSignin = () => useMutation({ mutationFn: signin, meta: { error: false } });

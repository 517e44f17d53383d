import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/index';
import { api } from '../../../lib/api/index.js';

export interface ForgotPasswordInput {
  username: string;
  olympiadName?: string | null;
}

/** POST /api/auth/forgot-password/{username}?olympiadName: mails a reset link. */
export function forgotPassword({ username, olympiadName }: ForgotPasswordInput) {
  return api.post(`/api/auth/forgot-password/${encodeURIComponent(username)}`, {
    query: { olympiadName: olympiadName || undefined },
    schema: Ok,
    on401: 'ignore',
  });
}

/** The dialog shows the outcome itself. */
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword, meta: { error: false } });

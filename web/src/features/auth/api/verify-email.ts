import { queryOptions, useQuery } from '@tanstack/react-query';
import { VerifyEmailResult } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { authKeys } from './keys.js';

/** POST website/api/verify-email/{token}: answers a short session so the page can set a password. */
export function verifyEmail(token: string) {
  return api.post(`/website/api/verify-email/${encodeURIComponent(token)}`, {
    schema: VerifyEmailResult,
    on401: 'ignore',
  });
}

/** A query rather than a mutation so that a token is spent once, even when React renders twice. */
export function verifyEmailQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQuery(token));
}

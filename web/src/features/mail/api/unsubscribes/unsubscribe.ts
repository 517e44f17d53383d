import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

/** POST unsubscribe/api/ { ref } (public) */
export function unsubscribe(ref: string) {
  return api.post('/unsubscribe/api/', { body: { ref }, schema: Ok, on401: 'ignore' });
}

/** The page shows the outcome in place. */
export const useUnsubscribe = () =>
  useMutation({ mutationFn: unsubscribe, meta: { error: false, invalidates: [mailKeys.unsubscribeRef.prefix] } });

import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

/** POST unsubscribe/api/ { email, olympiadId } (staff) */
export function addUnsubscribe(body: { email: string; olympiadId: number | null }) {
  return api.post('/unsubscribe/api/', { body, schema: Ok });
}

/** The dialog shows a failure in place. */
export const useAddUnsubscribe = () =>
  useMutation({
    mutationFn: addUnsubscribe,
    meta: { success: 'Added', error: false, invalidates: [mailKeys.unsubscribes.prefix] },
  });

import { useMutation } from '@tanstack/react-query';
import type { FaqAudience } from '#contract/content';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

export interface FaqOrder {
  audience: FaqAudience;
  olympiadId?: number | null;
  projectId?: number | null;
  ids: number[];
}

/** POST faq/v-rest/reorder: one group in a new order (all of its ids). */
export function reorderFaqs(body: FaqOrder) {
  return api.post('/faq/v-rest/reorder', { body, schema: Ok });
}

export const useReorderFaqs = () => useMutation({ mutationFn: reorderFaqs, meta: { invalidates: [contentKeys.all] } });

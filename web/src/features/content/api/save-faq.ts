import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Faq, type FaqInput } from '#contract/content';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

const FaqSaved = z.object({ success: z.literal(true), message: z.string().optional(), faq: Faq });

/** POST faq/v-rest/ (a new FAQ) or PUT faq/v-rest/{id} */
export function saveFaq({ id, values }: { id: number | null; values: FaqInput }) {
  return id == null
    ? api.post('/faq/v-rest/', { body: values, schema: FaqSaved })
    : api.put(`/faq/v-rest/${id}`, { body: values, schema: FaqSaved });
}

/** The form shows a failure beside its fields. */
export const useSaveFaq = () =>
  useMutation({
    mutationFn: saveFaq,
    meta: { success: 'The FAQ is saved', error: false, invalidates: [contentKeys.all] },
  });

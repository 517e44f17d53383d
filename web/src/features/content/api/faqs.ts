import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Faq, type FaqAudience, type FaqInput } from '../../../../../contract/content.js';
import { Ok, pageOf } from '../../../../../contract/errors.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';

const FaqPage = pageOf(Faq);
const FaqBody = z.object({ success: z.literal(true), message: z.string().optional(), faq: Faq });

export interface FaqFilter {
  audience?: FaqAudience | undefined;
  olympiadId?: number | undefined;
  projectId?: number | undefined;
}

/** GET faq/v-rest/: what the caller may see (editors: what they edit; teachers: what they read). */
export const useFaqs = (params: ListParams & FaqFilter, enabled = true) =>
  useQuery({
    queryKey: ['faq', 'list', params],
    queryFn: () => api.get('/faq/v-rest/', { query: { ...params }, schema: FaqPage }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST faq/v-rest/ or PUT faq/v-rest/{id} */
export function useSaveFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: FaqInput }) =>
      id == null
        ? api.post('/faq/v-rest/', { body: values, schema: FaqBody })
        : api.put(`/faq/v-rest/${id}`, { body: values, schema: FaqBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['faq'] }),
  });
}

/** DELETE faq/v-rest/{id} */
export function useDeleteFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/faq/v-rest/${id}`, { schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['faq'] }),
  });
}

/** POST faq/v-rest/reorder: one group in a new order (all of its ids). */
export function useReorderFaqs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      audience: FaqAudience;
      olympiadId?: number | null;
      projectId?: number | null;
      ids: number[];
    }) => api.post('/faq/v-rest/reorder', { body, schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['faq'] }),
  });
}

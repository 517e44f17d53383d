import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok, pageOf } from '../../../../../contract/errors.js';
import { UsefulContact, type UsefulContactInput } from '../../../../../contract/mail.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';

const ContactBody = z.object({ success: z.literal(true), contact: UsefulContact });

/** GET useful-contact/v-rest/?olympiadId (paged, searchable, sortable) */
export const useContacts = (params: ListParams & { olympiadId: number | undefined }) =>
  useQuery({
    queryKey: ['useful-contact', 'list', params],
    queryFn: () => api.get('/useful-contact/v-rest/', { query: { ...params }, schema: pageOf(UsefulContact) }),
    placeholderData: keepPreviousData,
    enabled: params.olympiadId != null,
  });

/** POST useful-contact/v-rest/ or PUT useful-contact/v-rest/{id} */
export function useSaveContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: UsefulContactInput }) =>
      id == null
        ? api.post('/useful-contact/v-rest/', { body: values, schema: ContactBody })
        : api.put(`/useful-contact/v-rest/${id}`, { body: values, schema: ContactBody }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['useful-contact'] }),
        client.invalidateQueries({ queryKey: ['emailer', 'count'] }),
      ]),
  });
}

/** DELETE useful-contact/v-rest/{id} */
export function useDeleteContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/useful-contact/v-rest/${id}`, { schema: Ok }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['useful-contact'] }),
        client.invalidateQueries({ queryKey: ['emailer', 'count'] }),
      ]),
  });
}

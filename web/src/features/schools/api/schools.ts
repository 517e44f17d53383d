import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok, pageOf } from '../../../../../contract/errors.js';
import { School, type SchoolInput } from '../../../../../contract/schools.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';

const SchoolPage = pageOf(School);
const SchoolBody = z.object({ success: z.literal(true), school: School });

/** GET school/v-rest/?olympiadId (the overlord leaves olympiadId out: every school) */
export const schoolsQuery = (params: ListParams & { olympiadId?: number | undefined }) =>
  queryOptions({
    queryKey: ['school', 'list', params],
    queryFn: () => api.get('/school/v-rest/', { query: { ...params }, schema: SchoolPage }),
    placeholderData: keepPreviousData,
  });
export const useSchools = (params: ListParams & { olympiadId?: number | undefined }, enabled = true) =>
  useQuery({ ...schoolsQuery(params), enabled });

/** GET school/v-rest/{id} */
export const useSchool = (id: number | null | undefined) =>
  useQuery({
    queryKey: ['school', 'one', id],
    queryFn: () => api.get(`/school/v-rest/${id}`, { schema: SchoolBody }),
    select: (d) => d.school,
    enabled: id != null,
  });

/** POST school/v-rest/ or PUT school/v-rest/{id} */
export function useSaveSchool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: Partial<SchoolInput> }) =>
      id == null
        ? api.post('/school/v-rest/', { body: values, schema: SchoolBody })
        : api.put(`/school/v-rest/${id}`, { body: values, schema: SchoolBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['school'] }),
  });
}

/** DELETE school/v-rest/{id} */
export function useDeleteSchool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/school/v-rest/${id}`, { schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['school'] }),
  });
}

/** POST school/v-rest/merge */
export function useMergeSchools() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { sourceId: number; targetId: number }) =>
      api.post('/school/v-rest/merge', {
        body,
        schema: z.object({ success: z.literal(true), message: z.string(), school: School }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['school'] }),
  });
}

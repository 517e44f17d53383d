import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok, pageOf } from '../../../../../contract/errors.js';
import { Eoi, PossibleMatch } from '../../../../../contract/schools.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';

const EoiPage = pageOf(Eoi);
const EoiBody = z.object({ success: z.literal(true), message: z.string(), expression: Eoi });

/** GET expression-of-interest/rest/?olympiadId&status */
export const useEois = (
  params: ListParams & { olympiadId?: number | undefined; status?: string | undefined },
  enabled = true,
) =>
  useQuery({
    queryKey: ['eoi', 'list', params],
    queryFn: () => api.get('/expression-of-interest/rest/', { query: { ...params }, schema: EoiPage }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET expression-of-interest/rest/get-possible-matches?expressionId */
export const usePossibleMatches = (expressionId: number | null) =>
  useQuery({
    queryKey: ['eoi', 'matches', expressionId],
    queryFn: () =>
      api.get('/expression-of-interest/rest/get-possible-matches', {
        query: { expressionId },
        schema: z.object({ success: z.literal(true), items: z.array(PossibleMatch) }),
      }),
    select: (d) => d.items,
    enabled: expressionId != null,
  });

export function useProcessEoi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, schoolId, teacherId }: { id: number; schoolId: number | null; teacherId: number | null }) =>
      api.post(`/expression-of-interest/rest/${id}/process`, { body: { schoolId, teacherId }, schema: EoiBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['eoi'] }),
  });
}

export function useDeclineEoi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post(`/expression-of-interest/rest/${id}/decline`, { body: { reason }, schema: EoiBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['eoi'] }),
  });
}

/** DELETE interest/rest/{id} */
export function useDeleteEoi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/interest/rest/${id}`, { schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['eoi'] }),
  });
}

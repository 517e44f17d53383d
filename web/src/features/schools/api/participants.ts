import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok, pageOf } from '../../../../../contract/errors.js';
import { SchoolParticipant, SchoolParticipantPage } from '../../../../../contract/schools.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';

const ParticipantBody = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  participant: SchoolParticipant,
});
const LearnerPage = pageOf(
  z.object({
    id: z.number(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    grade: z.number().nullable(),
  }),
);

/** GET school-participant/v-rest/?olympiadId */
export const useParticipants = (
  params: ListParams & { olympiadId?: number | undefined; status?: string | undefined },
  enabled = true,
) =>
  useQuery({
    queryKey: ['school-participant', 'list', params],
    queryFn: () => api.get('/school-participant/v-rest/', { query: { ...params }, schema: SchoolParticipantPage }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET participant/v-rest/?customerParticipantId: the learners of one entry */
export const useParticipantLearners = (customerParticipantId: number | null, params: ListParams) =>
  useQuery({
    queryKey: ['participant', 'list', customerParticipantId, params],
    queryFn: () =>
      api.get('/participant/v-rest/', { query: { customerParticipantId, ...params }, schema: LearnerPage }),
    enabled: customerParticipantId != null,
    placeholderData: keepPreviousData,
  });

/** POST school-participant/v-rest/ */
export function useEnterSchool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { olympiadId: number; schoolId: number }) =>
      api.post('/school-participant/v-rest/', { body, schema: ParticipantBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['school-participant'] }),
  });
}

/** PUT school-participant/v-rest/{id} */
export function useSetParticipantStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: string }) =>
      api.put(`/school-participant/v-rest/${id}`, { body: { status }, schema: ParticipantBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['school-participant'] }),
  });
}

/** DELETE school-participant/v-rest/{id} */
export function useDeleteParticipant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/school-participant/v-rest/${id}`, { schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['school-participant'] }),
  });
}

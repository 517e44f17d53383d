import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok } from '../../../../../contract/errors.js';
import { api } from '../../../lib/api/index.js';

/** The exam day's calls that the settings-and-actions page uses (their server side is the sitting feature). */
const RemarkResult = z.object({ success: z.literal(true), remarked: z.number().int() });
const LearnerRows = z.object({
  success: z.literal(true),
  items: z.array(
    z.object({
      learnerId: z.number().int(),
      username: z.string(),
      name: z.string(),
      schoolName: z.string().nullable(),
      status: z.string(),
      startedAt: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
});

/** POST /olympiad/remark/{id}: re-mark every finished attempt (audited on the server). */
export function useRemark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (olympiadId: number) => api.post(`/olympiad/remark/${olympiadId}`, { schema: RemarkResult }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympiad'] }),
  });
}

/** GET /olympiad/start-times/?olympiadId&search: learners and where they are, to choose one to reset. */
export const useLearnerSearch = (olympiadId: number | null, search: string) =>
  useQuery({
    queryKey: ['olympiad', 'start-times', olympiadId, search],
    queryFn: () =>
      api.get('/olympiad/start-times', {
        query: { olympiadId, search, pageSize: 10, sort: 'learner' },
        schema: LearnerRows,
      }),
    enabled: olympiadId != null && search.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** GET participant/reset/{olympiadId}/{learnerId}: the learner's attempt is removed (audited on the server). */
export function useResetLearner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ olympiadId, learnerId }: { olympiadId: number; learnerId: number }) =>
      api.get(`/participant/reset/${olympiadId}/${learnerId}`, { schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympiad', 'start-times'] }),
  });
}

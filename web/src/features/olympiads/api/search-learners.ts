import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

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

/** GET /olympiad/start-times/?olympiadId&search: learners and where they are, to choose one to reset. */
export const searchLearners = (olympiadId: number | null, search: string) =>
  api.get('/olympiad/start-times', {
    query: { olympiadId, search, pageSize: 10, sort: 'learner' },
    schema: LearnerRows,
  });

export const useLearnerSearch = (olympiadId: number | null, search: string) =>
  useQuery({
    queryKey: olympiadKeys.startTimes(olympiadId, search),
    queryFn: () => searchLearners(olympiadId, search),
    enabled: olympiadId != null && search.trim().length > 0,
    placeholderData: keepPreviousData,
  });

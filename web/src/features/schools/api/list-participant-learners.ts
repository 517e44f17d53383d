import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pageOf } from '#contract/errors';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';
import { participantLearnerKeys } from './keys.js';

const LearnerPage = pageOf(
  z.object({
    id: z.number(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    grade: z.number().nullable(),
  }),
);

/** GET participant/v-rest/?customerParticipantId: the learners of one entry */
export const listParticipantLearners = (customerParticipantId: number | null, params: ListParams) =>
  api.get('/participant/v-rest/', { query: { customerParticipantId, ...params }, schema: LearnerPage });

export const useParticipantLearners = (customerParticipantId: number | null, params: ListParams) =>
  useQuery({
    queryKey: participantLearnerKeys.list(customerParticipantId, params),
    queryFn: () => listParticipantLearners(customerParticipantId, params),
    enabled: customerParticipantId != null,
    placeholderData: keepPreviousData,
  });

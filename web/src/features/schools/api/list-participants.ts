import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SchoolParticipantPage } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { type FilteredListParams, participantKeys } from './keys.js';

/** GET school-participant/v-rest/?olympiadId&status: the schools entered in an olympiad. */
export const listParticipants = (params: FilteredListParams) =>
  api.get('/school-participant/v-rest/', { query: { ...params }, schema: SchoolParticipantPage });

export const useParticipants = (params: FilteredListParams, enabled = true) =>
  useQuery({
    queryKey: participantKeys.list(params),
    queryFn: () => listParticipants(params),
    placeholderData: keepPreviousData,
    enabled,
  });

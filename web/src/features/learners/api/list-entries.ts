import { useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { SchoolParticipant } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';

const EntryPage = pageOf(SchoolParticipant);

/** GET school-participant/v-rest/?olympiadId&search: the schools entered in an olympiad, for an admin to choose one. */
export function listEntries(olympiadId: number | undefined, search: string) {
  return api.get('/school-participant/v-rest/', {
    query: { olympiadId, search: search || undefined, pageSize: 30 },
    schema: EntryPage,
  });
}

export const useEntries = (olympiadId: number | undefined, search: string) =>
  useQuery({
    queryKey: learnersKeys.entries(olympiadId, search),
    queryFn: () => listEntries(olympiadId, search),
    select: (d) => d.items,
    enabled: olympiadId != null,
  });

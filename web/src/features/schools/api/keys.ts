import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

export type SchoolListParams = ListParams & { olympiadId?: number | undefined };
export type FilteredListParams = SchoolListParams & { status?: string | undefined };

/** The schools feature's query keys, one factory per record it shows. */
export const schoolKeys = queryKeys('school', {
  list: (params: SchoolListParams) => [params],
  one: (id: number | null | undefined) => [id],
});
/** Under `school-participant`, so an entry made here also refetches the learners feature's entry options. */
export const participantKeys = queryKeys('school-participant', {
  list: (params: FilteredListParams) => [params],
});
export const participantLearnerKeys = queryKeys('participant', {
  list: (customerParticipantId: number | null, params: ListParams) => [customerParticipantId, params],
});
export const eoiKeys = queryKeys('eoi', {
  list: (params: FilteredListParams) => [params],
  matches: (expressionId: number | null) => [expressionId],
});

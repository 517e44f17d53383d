import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

export type OlympiadListParams = ListParams & { projectId?: number | undefined };

/**
 * The olympiads feature's query keys, one factory per record it edits. `olympiadKeys.all` (`['olympiad']`)
 * also refetches the olympiad check of components/OlympiadCheck.
 */
export const olympiadKeys = queryKeys('olympiad', {
  list: (params: OlympiadListParams) => [params],
  single: (varName: string) => [varName],
  startTimes: (olympiadId: number | null, search: string) => [olympiadId, search],
  winnersDisplay: (olympiadId: number) => [olympiadId],
  /** The retention period of its learners' personal data (decision 108). */
  retention: (olympiadId: number) => [olympiadId],
});
export const grantKeys = queryKeys('olympiad-grant', {
  list: (olympiadId: number | null) => [olympiadId],
  staff: (search: string) => [search],
});
export const projectKeys = queryKeys('olympus-project', { list: (params: ListParams) => [params] });
export const subProjectKeys = queryKeys('olympus-sub-project', { list: (params: OlympiadListParams) => [params] });

import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

export interface LearnerScope {
  olympiadId: number;
  /** Admins name the school; a teacher's is their own. */
  schoolId?: number | undefined;
}

/** The query keys of the learners feature. */
export const learnersKeys = queryKeys('learners', {
  list: (scope: LearnerScope | null, params: ListParams) => [scope, params],
  importJob: (importId: number | null) => [importId],
  entries: (olympiadId: number | undefined, search: string) => [olympiadId, search],
  /** A team admin's country in an olympiad (the portal's Team page). */
  team: (olympiadId: number | undefined) => [olympiadId],
  /** Everything held about one learner (decision 108). */
  personalData: (learnerId: number) => [learnerId],
  /** The overlord's retention report across olympiads. */
  retentionReport: () => [],
});

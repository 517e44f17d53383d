import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

export type TeacherListParams = ListParams & { olympiadId?: number | undefined };

/** The teachers feature's query keys: `teacherKeys.all` refetches every list and the profile. */
export const teacherKeys = queryKeys('teacher', {
  list: (params: TeacherListParams) => [params],
  me: () => [],
  schoolOptions: (olympiadId: number | undefined, search: string) => [olympiadId, search],
});

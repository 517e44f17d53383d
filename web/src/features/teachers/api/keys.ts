import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

export type TeacherListParams = ListParams & { olympiadId?: number | undefined };

/** The teachers feature's query keys: `teacherKeys.all` refetches every list and the profile. */
export const teacherKeys = queryKeys('teacher', {
  list: (params: TeacherListParams) => [params],
  me: () => [],
});
/** Under `school`, so a school saved, merged or deleted refetches the schools a teacher may be given. */
export const teacherSchoolKeys = queryKeys('school', {
  teacherOptions: (olympiadId: number | undefined, search: string) => [olympiadId, search],
});

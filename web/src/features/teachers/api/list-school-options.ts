import { useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { School } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { teacherSchoolKeys } from './keys.js';

/** GET school/v-rest/?olympiadId&search: the schools to choose from when adding a teacher. */
export const listSchoolOptions = (olympiadId: number | undefined, search: string) =>
  api.get('/school/v-rest/', {
    query: { olympiadId, search: search || undefined, pageSize: 20 },
    schema: pageOf(School),
  });

export const useSchoolOptions = (olympiadId: number | undefined, search: string) =>
  useQuery({
    queryKey: teacherSchoolKeys.teacherOptions(olympiadId, search),
    queryFn: () => listSchoolOptions(olympiadId, search),
    select: (d) => d.items,
  });

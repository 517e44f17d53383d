import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { School } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { schoolKeys } from './keys.js';

export const SchoolBody = z.object({ success: z.literal(true), school: School });

/** GET school/v-rest/{id} */
export const getSchool = (id: number | null | undefined) => api.get(`/school/v-rest/${id}`, { schema: SchoolBody });

export const useSchool = (id: number | null | undefined) =>
  useQuery({
    queryKey: schoolKeys.one(id),
    queryFn: () => getSchool(id),
    select: (d) => d.school,
    enabled: id != null,
  });

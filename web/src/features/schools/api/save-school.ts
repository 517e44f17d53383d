import { useMutation } from '@tanstack/react-query';
import type { SchoolInput } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { SchoolBody } from './get-school.js';
import { schoolKeys } from './keys.js';

/** POST school/v-rest/ or PUT school/v-rest/{id}: a school of the register, every field (overlord and admins). */
export async function saveSchool({ id, values }: { id: number | null; values: Partial<SchoolInput> }) {
  const saved =
    id == null
      ? await api.post('/school/v-rest/', { body: values, schema: SchoolBody })
      : await api.put(`/school/v-rest/${id}`, { body: values, schema: SchoolBody });
  return { ...saved, message: `${saved.school.name} is saved` };
}

/** The form shows a failure on its fields and in its alert. */
export const useSaveSchool = () =>
  useMutation({
    mutationFn: saveSchool,
    meta: { success: 'The school is saved', error: false, invalidates: [schoolKeys.all] },
  });

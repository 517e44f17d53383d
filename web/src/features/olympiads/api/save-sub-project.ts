import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { SubProject, type SubProjectInput } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { subProjectKeys } from './keys.js';

const SubProjectBody = z.object({ success: z.literal(true), subProject: SubProject });

/** POST olympus-sub-project/v-rest/ or PUT olympus-sub-project/v-rest/{id} */
export function saveSubProject({ id, values }: { id: number | null; values: Partial<SubProjectInput> }) {
  return id == null
    ? api.post('/olympus-sub-project/v-rest/', { body: values, schema: SubProjectBody })
    : api.put(`/olympus-sub-project/v-rest/${id}`, { body: values, schema: SubProjectBody });
}

/** The form shows a failure on its fields and in its alert. */
export const useSaveSubProject = () =>
  useMutation({
    mutationFn: saveSubProject,
    meta: { success: 'The sub-project was saved', error: false, invalidates: [subProjectKeys.all] },
  });

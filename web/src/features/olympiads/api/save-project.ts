import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Project, type ProjectInput } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { projectKeys } from './keys.js';

const ProjectBody = z.object({ success: z.literal(true), project: Project });

/** POST olympus-project/v-rest/ or PUT olympus-project/v-rest/{id} */
export async function saveProject({ id, values }: { id: number | null; values: Partial<ProjectInput> }) {
  const saved =
    id == null
      ? await api.post('/olympus-project/v-rest/', { body: values, schema: ProjectBody })
      : await api.put(`/olympus-project/v-rest/${id}`, { body: values, schema: ProjectBody });
  return { ...saved, message: id == null ? 'The project was created' : 'The project was saved' };
}

/** The form shows a failure on its fields and in its alert. */
export const useSaveProject = () =>
  useMutation({
    mutationFn: saveProject,
    meta: { success: 'The project was saved', error: false, invalidates: [projectKeys.all] },
  });

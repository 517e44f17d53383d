import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { projectKeys } from './keys.js';

/** DELETE olympus-project/v-rest/{id} */
export const deleteProject = (id: number) => api.delete(`/olympus-project/v-rest/${id}`, { schema: Ok });

export const useDeleteProject = () =>
  useMutation({
    mutationFn: deleteProject,
    meta: { success: 'The project was deleted', invalidates: [projectKeys.all] },
  });

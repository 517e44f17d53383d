import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { subProjectKeys } from './keys.js';

/** DELETE olympus-sub-project/v-rest/{id} */
export const deleteSubProject = (id: number) => api.delete(`/olympus-sub-project/v-rest/${id}`, { schema: Ok });

export const useDeleteSubProject = () =>
  useMutation({ mutationFn: deleteSubProject, meta: { invalidates: [subProjectKeys.all] } });

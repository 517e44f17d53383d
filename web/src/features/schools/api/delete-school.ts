import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { schoolKeys } from './keys.js';

/** DELETE school/v-rest/{id} */
export const deleteSchool = (id: number) => api.delete(`/school/v-rest/${id}`, { schema: Ok });

export const useDeleteSchool = () =>
  useMutation({ mutationFn: deleteSchool, meta: { success: 'Removed', invalidates: [schoolKeys.all] } });

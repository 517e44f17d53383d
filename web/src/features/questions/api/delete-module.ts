import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';

/** DELETE question-module/v-rest/{id} */
export const deleteModule = (id: number) => api.delete(`/question-module/v-rest/${id}`, { schema: Ok });

export const useDeleteModule = () => useMutation({ mutationFn: deleteModule, meta: { invalidates: paperChanged } });

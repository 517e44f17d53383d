import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';

/** DELETE question/v-rest/{id} (a question nobody answered; an answered one is retired instead). */
export const deleteQuestion = (id: number) => api.delete(`/question/v-rest/${id}`, { schema: Ok });

export const useDeleteQuestion = () =>
  useMutation({
    mutationFn: deleteQuestion,
    meta: { success: 'The question was deleted', invalidates: paperChanged },
  });

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';
import { QuestionBody } from './save-question.js';

/** POST question/v-rest/{id}/duplicate */
export const duplicateQuestion = (id: number) => api.post(`/question/v-rest/${id}/duplicate`, { schema: QuestionBody });

export const useDuplicateQuestion = () =>
  useMutation({
    mutationFn: duplicateQuestion,
    meta: { success: 'The question was duplicated', invalidates: paperChanged },
  });

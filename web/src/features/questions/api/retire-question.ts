import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';
import { QuestionBody } from './save-question.js';

/** POST question/v-rest/{id}/retire?retired: a retired question stays in marked attempts, out of new papers. */
export async function retireQuestion({ id, retired }: { id: number; retired: boolean }) {
  const saved = await api.post(`/question/v-rest/${id}/retire`, {
    query: { retired: String(retired) },
    schema: QuestionBody,
  });
  return { ...saved, message: retired ? 'The question was retired' : 'The question is back' };
}

export const useRetireQuestion = () =>
  useMutation({
    mutationFn: retireQuestion,
    meta: { success: 'The question was retired', invalidates: paperChanged },
  });

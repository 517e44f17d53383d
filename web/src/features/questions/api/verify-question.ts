import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';
import { QuestionBody } from './save-question.js';

/** POST question/v-rest/{id}/verify?verified: a second admin confirms the question and its key. */
export const verifyQuestion = ({ id, verified }: { id: number; verified: boolean }) =>
  api.post(`/question/v-rest/${id}/verify`, { query: { verified: String(verified) }, schema: QuestionBody });

/** The page shows the new state itself. */
export const useVerifyQuestion = () => useMutation({ mutationFn: verifyQuestion, meta: { invalidates: paperChanged } });

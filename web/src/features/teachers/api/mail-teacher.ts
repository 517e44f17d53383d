import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';

export type TeacherMail = 'resend-verification' | 'reset-password';

/** POST teacher/v-rest/{id}/resend-verification | reset-password */
export const mailTeacher = ({ id, what }: { id: number; what: TeacherMail }) =>
  api.post(`/teacher/v-rest/${id}/${what}`, { schema: Ok });

export const useMailTeacher = () => useMutation({ mutationFn: mailTeacher, meta: { success: 'Sent' } });

import { useMutation } from '@tanstack/react-query';
import { SessionsEnded } from '#contract/sessions';
import { api } from '../../../lib/api/index.js';

/** POST teacher/v-rest/{id}/end-sessions: every session of the teacher ends at once; the account stays enabled. */
export const endTeacherSessions = (id: number) =>
  api.post(`/teacher/v-rest/${id}/end-sessions`, { schema: SessionsEnded });

export const useEndTeacherSessions = () =>
  useMutation({ mutationFn: endTeacherSessions, meta: { success: 'Signed out everywhere' } });

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { teacherKeys } from './keys.js';
import { TeacherSaved } from './save-teacher.js';

/** GET teacher/v-rest/me */
export const getMyProfile = () => api.get('/teacher/v-rest/me', { schema: TeacherSaved });

export const useMyProfile = () =>
  useQuery({ queryKey: teacherKeys.me(), queryFn: getMyProfile, select: (d) => d.teacher });

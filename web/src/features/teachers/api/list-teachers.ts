import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TeacherPage } from '#contract/teachers';
import { api } from '../../../lib/api/index.js';
import { teacherKeys, type TeacherListParams } from './keys.js';

/** GET teacher/v-rest/?olympiadId */
export const listTeachers = (params: TeacherListParams) =>
  api.get('/teacher/v-rest/', { query: { ...params }, schema: TeacherPage });

export const useTeachers = (params: TeacherListParams, enabled = true) =>
  useQuery({
    queryKey: teacherKeys.list(params),
    queryFn: () => listTeachers(params),
    placeholderData: keepPreviousData,
    enabled,
  });

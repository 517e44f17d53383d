import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok, pageOf } from '../../../../../contract/errors.js';
import { School } from '../../../../../contract/schools.js';
import { Teacher, TeacherPage } from '../../../../../contract/teachers.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';

const TeacherBody = z.object({ success: z.literal(true), message: z.string().optional(), teacher: Teacher });

/** GET teacher/v-rest/?olympiadId */
export const useTeachers = (params: ListParams & { olympiadId?: number | undefined }, enabled = true) =>
  useQuery({
    queryKey: ['teacher', 'list', params],
    queryFn: () => api.get('/teacher/v-rest/', { query: { ...params }, schema: TeacherPage }),
    placeholderData: keepPreviousData,
    enabled,
  });

export interface TeacherValues {
  schoolId?: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  olympiadId?: number;
}

/** POST teacher/v-rest/ or PUT teacher/v-rest/{id} */
export function useSaveTeacher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: TeacherValues }) =>
      id == null
        ? api.post('/teacher/v-rest/', { body: values, schema: TeacherBody })
        : api.put(`/teacher/v-rest/${id}`, { body: values, schema: TeacherBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['teacher'] }),
  });
}

/** POST teacher/v-rest/{id}/resend-verification | reset-password */
export function useMailTeacher() {
  return useMutation({
    mutationFn: ({ id, what }: { id: number; what: 'resend-verification' | 'reset-password' }) =>
      api.post(`/teacher/v-rest/${id}/${what}`, { schema: Ok }),
  });
}

/** POST teacher/v-rest/{id}/disable | enable: a disabled teacher is signed out everywhere at once. */
export function useSetTeacherDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      api.post(`/teacher/v-rest/${id}/${disabled ? 'disable' : 'enable'}`, {
        schema: z.object({ success: z.literal(true), message: z.string(), teacher: Teacher }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['teacher'] }),
  });
}

/** GET and PUT teacher/v-rest/me */
export const useMyProfile = () =>
  useQuery({
    queryKey: ['teacher', 'me'],
    queryFn: () => api.get('/teacher/v-rest/me', { schema: TeacherBody }),
    select: (d) => d.teacher,
  });

export function useSaveMyProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: { firstName: string; lastName: string; email: string; phone: string }) =>
      api.put('/teacher/v-rest/me', { body: values, schema: TeacherBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['teacher', 'me'] }),
  });
}

/** Schools to choose from when adding a teacher (the olympiad's). */
export const useSchoolOptions = (olympiadId: number | undefined, search: string) =>
  useQuery({
    queryKey: ['school', 'options', olympiadId, search],
    queryFn: () =>
      api.get('/school/v-rest/', {
        query: { olympiadId, search: search || undefined, pageSize: 20 },
        schema: pageOf(School),
      }),
    select: (d) => d.items,
  });

import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Teacher } from '#contract/teachers';
import { api } from '../../../lib/api/index.js';
import { teacherKeys } from './keys.js';

export const TeacherSaved = z.object({ success: z.literal(true), message: z.string().optional(), teacher: Teacher });

export interface TeacherValues {
  schoolId?: number;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  olympiadId?: number;
}

/** POST teacher/v-rest/ or PUT teacher/v-rest/{id} */
export function saveTeacher({ id, values }: { id: number | null; values: TeacherValues }) {
  return id == null
    ? api.post('/teacher/v-rest/', { body: values, schema: TeacherSaved })
    : api.put(`/teacher/v-rest/${id}`, { body: values, schema: TeacherSaved });
}

/** The form shows a failure in place; the server's message ("a link … is on its way") wins on success. */
export const useSaveTeacher = () =>
  useMutation({
    mutationFn: saveTeacher,
    meta: { success: 'The teacher is saved', error: false, invalidates: [teacherKeys.all] },
  });

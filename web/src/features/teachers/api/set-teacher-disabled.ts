import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Teacher } from '#contract/teachers';
import { api } from '../../../lib/api/index.js';
import { teacherKeys } from './keys.js';

const TeacherToggled = z.object({ success: z.literal(true), message: z.string(), teacher: Teacher });

/** POST teacher/v-rest/{id}/disable | enable: a disabled teacher is signed out everywhere at once. */
export const setTeacherDisabled = ({ id, disabled }: { id: number; disabled: boolean }) =>
  api.post(`/teacher/v-rest/${id}/${disabled ? 'disable' : 'enable'}`, { schema: TeacherToggled });

export const useSetTeacherDisabled = () =>
  useMutation({
    mutationFn: setTeacherDisabled,
    meta: { success: 'Saved', invalidates: [teacherKeys.all] },
  });

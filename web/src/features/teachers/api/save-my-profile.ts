import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MyProfileInput } from '#contract/teachers';
import { api } from '../../../lib/api/index.js';
import { teacherKeys } from './keys.js';
import { TeacherSaved } from './save-teacher.js';

export type MyProfileValues = z.input<typeof MyProfileInput>;

/** PUT teacher/v-rest/me; the outcome's words depend on whether the address still needs verifying. */
export async function saveMyProfile(values: MyProfileValues) {
  const saved = await api.put('/teacher/v-rest/me', { body: values, schema: TeacherSaved });
  return {
    ...saved,
    message: saved.teacher.emailVerified
      ? 'Your profile is saved'
      : 'Saved. Check your new address for a link to verify it.',
  };
}

export const useSaveMyProfile = () =>
  useMutation({
    mutationFn: saveMyProfile,
    meta: { success: 'Your profile is saved', error: false, invalidates: [teacherKeys.me()] },
  });

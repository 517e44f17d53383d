import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MyProfileInput } from '#contract/teachers';
import { api } from '../../../lib/api/index.js';
import { teacherKeys } from './keys.js';
import { TeacherSaved } from './save-teacher.js';
import { translate } from '../../../lib/i18n/index.js';

export type MyProfileValues = z.input<typeof MyProfileInput>;

/** PUT teacher/v-rest/me; the outcome's words depend on whether the address still needs verifying. */
export async function saveMyProfile(values: MyProfileValues) {
  const saved = await api.put('/teacher/v-rest/me', { body: values, schema: TeacherSaved });
  return {
    ...saved,
    message: saved.teacher.emailVerified ? translate('portal.profile.saved') : translate('portal.profile.savedVerify'),
  };
}

export const useSaveMyProfile = () =>
  useMutation({
    mutationFn: saveMyProfile,
    meta: { success: translate('portal.profile.saved'), error: false, invalidates: [teacherKeys.me()] },
  });

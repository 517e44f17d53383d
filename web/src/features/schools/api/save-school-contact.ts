import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SchoolContactInput } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { SchoolBody } from './get-school.js';
import { schoolKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

/** PUT school/v-rest/{id} with the contact details only: what a teacher keeps current for their school. */
export const saveSchoolContact = ({ id, values }: { id: number; values: z.input<typeof SchoolContactInput> }) =>
  api.put(`/school/v-rest/${id}`, { body: values, schema: SchoolBody });

/** The form shows a failure on its fields and in its alert. */
export const useSaveSchoolContact = () =>
  useMutation({
    mutationFn: saveSchoolContact,
    meta: { success: translate('portal.school.saved'), error: false, invalidates: [schoolKeys.all] },
  });

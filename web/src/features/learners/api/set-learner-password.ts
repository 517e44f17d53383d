import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

/** PUT /api/auth/set-learner-passwords/{id}: the password exactly as typed. */
export function setLearnerPassword({ id, password }: { id: number; password: string }) {
  return api.put(`/api/auth/set-learner-passwords/${id}`, { body: { password }, schema: Ok });
}

/** The form shows a failure above its field. */
export const useSetLearnerPassword = () =>
  useMutation({
    mutationFn: setLearnerPassword,
    meta: { success: translate('portal.notice.saved'), error: false, invalidates: [learnersKeys.list.prefix] },
  });

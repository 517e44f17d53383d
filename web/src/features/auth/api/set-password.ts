import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { translate } from '../../../lib/i18n/index.js';

/**
 * PUT /api/auth/set-password {password}. The password goes exactly as typed: unlike the old client
 * (docs/spec.md §5) nothing is escaped, so `%`, quotes and any unicode round-trip.
 */
export function setPassword(password: string) {
  return api.put('/api/auth/set-password', { body: { password }, schema: Ok });
}

/** The form shows a failure above its fields. */
export const useSetPassword = () =>
  useMutation({ mutationFn: setPassword, meta: { success: translate('portal.account.saved'), error: false } });

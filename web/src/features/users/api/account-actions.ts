import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { StaffAccountBody } from '#contract/users';
import { api } from '../../../lib/api/index.js';
import { userKeys } from './keys.js';

/**
 * What the overlord does to an account besides editing it; each a POST user/v-rest/{id}/{action}, but for resetting
 * a lost phone's two-factor sign-in (POST /api/auth/two-factor/reset/{id}, decision 106).
 */
export type AccountAction = 'disable' | 'enable' | 'reset-password' | 'end-sessions' | 'reset-two-factor';

/** POST user/v-rest/{id}/disable | enable | reset-password | end-sessions, or the two-factor reset */
export const accountAction = ({ id, action }: { id: number; action: AccountAction }) =>
  action === 'reset-two-factor'
    ? api.post(`/api/auth/two-factor/reset/${id}`, { schema: Ok })
    : api.post(`/user/v-rest/${id}/${action}`, { schema: StaffAccountBody });

export const useAccountAction = () =>
  useMutation({ mutationFn: accountAction, meta: { success: 'Done', invalidates: [userKeys.all] } });

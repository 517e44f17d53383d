import { useMutation } from '@tanstack/react-query';
import { StaffAccountBody } from '#contract/users';
import { api } from '../../../lib/api/index.js';
import { userKeys } from './keys.js';

/** What the overlord does to an account besides editing it; each a POST user/v-rest/{id}/{action}. */
export type AccountAction = 'disable' | 'enable' | 'reset-password' | 'end-sessions';

/** POST user/v-rest/{id}/disable | enable | reset-password | end-sessions */
export const accountAction = ({ id, action }: { id: number; action: AccountAction }) =>
  api.post(`/user/v-rest/${id}/${action}`, { schema: StaffAccountBody });

export const useAccountAction = () =>
  useMutation({ mutationFn: accountAction, meta: { success: 'Done', invalidates: [userKeys.all] } });

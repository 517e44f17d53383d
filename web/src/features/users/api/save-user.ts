import { useMutation } from '@tanstack/react-query';
import { StaffAccountBody, type StaffAccountInput } from '#contract/users';
import { api } from '../../../lib/api/index.js';
import { userKeys } from './keys.js';

/** POST user/v-rest/ (a new user gets a mail to choose a password) or PUT user/v-rest/{id} */
export const saveUser = ({ id, values }: { id: number | null; values: StaffAccountInput }) =>
  id == null
    ? api.post('/user/v-rest/', { body: values, schema: StaffAccountBody })
    : api.put(`/user/v-rest/${id}`, { body: values, schema: StaffAccountBody });

/** The form shows a failure on its fields and in its alert; the answer's message says what happened. */
export const useSaveUser = () =>
  useMutation({ mutationFn: saveUser, meta: { success: 'Saved', error: false, invalidates: [userKeys.all] } });

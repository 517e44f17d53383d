import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import type { GrantRole } from '#contract/roles';
import { api } from '../../../lib/api/index.js';
import { grantKeys } from './keys.js';

export interface GrantValues {
  olympiadId: number;
  userId: number;
  role: GrantRole;
}

/** POST olympiad-grant/v-rest/ */
export const grantRole = (body: GrantValues) => api.post('/olympiad-grant/v-rest/', { body, schema: Ok });

export const useGrantRole = () =>
  useMutation({ mutationFn: grantRole, meta: { success: 'Granted', invalidates: [grantKeys.all] } });

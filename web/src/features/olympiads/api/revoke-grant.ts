import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import type { GrantValues } from './grant-role.js';
import { grantKeys } from './keys.js';

/** DELETE olympiad-grant/v-rest/?olympiadId&userId&role */
export const revokeGrant = (query: GrantValues) =>
  api.delete('/olympiad-grant/v-rest/', { query: { ...query }, schema: Ok });

export const useRevokeGrant = () => useMutation({ mutationFn: revokeGrant, meta: { invalidates: [grantKeys.all] } });

import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok } from '#contract/errors';
import type { GrantRole } from '#contract/roles';
import { api } from '../../../lib/api/index.js';
import { userKeys } from './keys.js';

export interface GrantValues {
  olympiadId: number;
  userId: number;
  role: GrantRole;
}

/** POST olympiad-grant/v-rest/ (the grants are the olympiads feature's; a user's dialog makes and takes them) */
export const grantRole = (body: GrantValues) => api.post('/olympiad-grant/v-rest/', { body, schema: Ok });

/** DELETE olympiad-grant/v-rest/?olympiadId&userId&role */
export const revokeGrant = (query: GrantValues) =>
  api.delete('/olympiad-grant/v-rest/', { query: { ...query }, schema: Ok });

export const useGrantRole = () =>
  useMutation({ mutationFn: grantRole, meta: { success: 'Granted', invalidates: [userKeys.all] } });
export const useRevokeGrant = () =>
  useMutation({ mutationFn: revokeGrant, meta: { success: 'The grant was removed', invalidates: [userKeys.all] } });

const OlympiadChoices = z.object({
  items: z.array(z.object({ id: z.number(), title: z.string(), varName: z.string() })),
});

/** GET olympiad/v-rest/: the olympiads a grant can name, by name. */
export const listOlympiadChoices = () =>
  api.get('/olympiad/v-rest/', { query: { page: 1, pageSize: 200, sort: 'title' }, schema: OlympiadChoices });

export const useOlympiadChoices = () =>
  useQuery({ queryKey: userKeys.olympiadChoices(), queryFn: listOlympiadChoices, select: (d) => d.items });

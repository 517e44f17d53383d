import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { StaffAccount } from '#contract/users';
import { api } from '../../../lib/api/index.js';
import { type UserListParams, userKeys } from './keys.js';

const UserPage = pageOf(StaffAccount);

/** GET user/v-rest/ */
export const listUsers = (params: UserListParams) =>
  api.get('/user/v-rest/', { query: { ...params }, schema: UserPage });

export const useUsers = (params: UserListParams) =>
  useQuery({ queryKey: userKeys.list(params), queryFn: () => listUsers(params), placeholderData: keepPreviousData });

import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

export type UserListParams = ListParams & { role?: string | undefined; status?: string | undefined };

/** The users feature's query keys (user/v-rest/), and the olympiads a grant can name. */
export const userKeys = queryKeys('user', {
  list: (params: UserListParams) => [params],
  olympiadChoices: () => [],
});

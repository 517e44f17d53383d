import { queryKeys } from '../../../lib/api/index.js';

/** The query keys of the auth feature. */
export const authKeys = queryKeys('auth', {
  verifyEmail: (token: string) => [token],
  queue: (olympiadName: string, pass: string) => [olympiadName, pass],
});

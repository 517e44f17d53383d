import { queryKeys } from '../../../lib/api/index.js';

/** The teacher's portal's query keys: `portalKeys.all` refetches the list and every olympiad. */
export const portalKeys = queryKeys('portal', {
  olympiads: () => [],
  olympiad: (olympiadName: string) => [olympiadName],
  terms: () => [],
});

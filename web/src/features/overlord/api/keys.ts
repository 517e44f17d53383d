import type { SearchQuery } from '#contract/logs';
import { queryKeys } from '../../../lib/api/index.js';

/** The query keys of the overlord's own pages. */
export const overlordKeys = queryKeys('overlord', {
  olympiadChoices: () => [],
  search: (params: SearchQuery) => [params],
  systemConfig: () => [],
});

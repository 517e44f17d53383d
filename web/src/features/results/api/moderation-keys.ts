import type { ModerationFlagKind, ModerationState } from '#contract/moderation';
import { queryKeys } from '../../../lib/api/index.js';

/** One page of the moderated attempts. */
export interface ModeratedParams {
  olympiadId: number | undefined;
  page: number;
  pageSize: number;
  search?: string | undefined;
  state?: ModerationState | undefined;
  kind?: ModerationFlagKind | undefined;
}

/** The query keys of moderation (the results feature's first part). */
export const moderationKeys = queryKeys('moderation', {
  summary: (olympiadId: number | undefined) => [olympiadId],
  list: (params: ModeratedParams) => [params],
  settings: (olympiadId: number | undefined) => [olympiadId],
  pair: (a: number | null, b: number | null) => [a, b],
});

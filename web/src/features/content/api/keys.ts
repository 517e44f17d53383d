import type { FaqAudience } from '#contract/content';
import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

export interface FaqFilter {
  audience?: FaqAudience | undefined;
  olympiadId?: number | undefined;
  projectId?: number | undefined;
}

/** One page of one group of FAQs. */
export type FaqListParams = ListParams & FaqFilter;

/** The query keys of the content feature (FAQs, and the copy people read: server/features/copy). */
export const contentKeys = queryKeys('content', {
  faqs: (params: FaqListParams) => [params],
  targets: () => [],
  websiteCopy: (olympiadId: number) => [olympiadId],
  generalCopy: (olympiadId: number) => [olympiadId],
  siteCopy: () => [],
  testimonials: () => [],
  terms: () => [],
});

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Faq } from '#contract/content';
import { pageOf } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { contentKeys, type FaqListParams } from './keys.js';

const FaqPage = pageOf(Faq);

/** GET faq/v-rest/: what the caller may see (editors: what they edit; teachers: what they read). */
export function listFaqs(params: FaqListParams) {
  return api.get('/faq/v-rest/', { query: { ...params }, schema: FaqPage });
}

export const useFaqs = (params: FaqListParams, enabled = true) =>
  useQuery({
    queryKey: contentKeys.faqs(params),
    queryFn: () => listFaqs(params),
    placeholderData: keepPreviousData,
    enabled,
  });

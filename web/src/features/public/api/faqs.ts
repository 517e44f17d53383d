import { useQuery } from '@tanstack/react-query';
import { PublicFaqList } from '../../../../../contract/content.js';
import { api } from '../../../lib/api/index.js';

/** GET website/api/faqs/{projectName}: a project's published FAQs, in order. */
export const usePublicFaqs = (projectName: string) =>
  useQuery({
    queryKey: ['public', 'faqs', projectName],
    queryFn: () =>
      api.get(`/website/api/faqs/${encodeURIComponent(projectName)}`, { schema: PublicFaqList, on401: 'ignore' }),
    select: (d) => d.items,
    staleTime: 60_000,
    retry: false,
  });

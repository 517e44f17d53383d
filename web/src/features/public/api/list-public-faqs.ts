import { useQuery } from '@tanstack/react-query';
import { PublicFaqList } from '#contract/content';
import { api } from '../../../lib/api/index.js';
import { publicKeys } from './keys.js';

/** GET website/api/faqs/{projectName}: a project's published FAQs, in order. */
export const listPublicFaqs = (projectName: string) =>
  api.get(`/website/api/faqs/${encodeURIComponent(projectName)}`, { schema: PublicFaqList, on401: 'ignore' });

export const usePublicFaqs = (projectName: string) =>
  useQuery({
    queryKey: publicKeys.faqs(projectName),
    queryFn: () => listPublicFaqs(projectName),
    select: (d) => d.items,
    staleTime: 60_000,
    retry: false,
  });

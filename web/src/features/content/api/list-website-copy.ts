import { useQuery } from '@tanstack/react-query';
import { WebsiteCopyList } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** GET website-copy/v-rest/?olympiadId: every section of the olympiad's project's website copy. */
export const listWebsiteCopy = (olympiadId: number) =>
  api.get('/website-copy/v-rest/', { query: { olympiadId }, schema: WebsiteCopyList });

export const useWebsiteCopy = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: contentKeys.websiteCopy(olympiadId ?? 0),
    queryFn: () => listWebsiteCopy(olympiadId!),
    enabled: olympiadId != null,
  });

import { useQuery } from '@tanstack/react-query';
import { PublicWebsiteCopy } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { publicKeys } from './keys.js';

/** GET website/api/copy/{projectName}: a project's public website copy, every section ('' when unwritten). */
export const getWebsiteCopy = (projectName: string) =>
  api.get(`/website/api/copy/${encodeURIComponent(projectName)}`, { schema: PublicWebsiteCopy, on401: 'ignore' });

export const useWebsiteCopy = (projectName: string) =>
  useQuery({
    queryKey: publicKeys.websiteCopy(projectName),
    queryFn: () => getWebsiteCopy(projectName),
    select: (d) => d.copy,
    staleTime: 60_000,
    retry: false,
  });

import { useQuery } from '@tanstack/react-query';
import { SiteCopy } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { publicKeys } from './keys.js';

/** GET api/site-copy/: the platform pages' copy and the partners. */
export const getSiteCopy = () => api.get('/api/site-copy/', { schema: SiteCopy, on401: 'ignore' });

export const useSiteCopy = () =>
  useQuery({ queryKey: publicKeys.siteCopy(), queryFn: getSiteCopy, staleTime: 60_000, retry: false });

import { useQuery } from '@tanstack/react-query';
import { SiteCopy } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** GET api/site-copy/: the platform pages' copy and the partners. */
export const getSiteCopy = () => api.get('/api/site-copy/', { schema: SiteCopy });

export const useSiteCopy = () => useQuery({ queryKey: contentKeys.siteCopy(), queryFn: getSiteCopy });

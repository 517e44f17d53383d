import { useQuery } from '@tanstack/react-query';
import { CurrentTerms } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { publicKeys } from './keys.js';

/** GET api/terms-and-conditions/ (public): the terms in force, null before the first version is published. */
export const getTerms = () => api.get('/api/terms-and-conditions/', { schema: CurrentTerms, on401: 'ignore' });

export const useTerms = () =>
  useQuery({ queryKey: publicKeys.terms(), queryFn: getTerms, staleTime: 60_000, retry: false });

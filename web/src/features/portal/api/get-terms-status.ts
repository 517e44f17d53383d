import { useQuery } from '@tanstack/react-query';
import { TermsStatus } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { portalKeys } from './keys.js';

/** GET api/terms-and-conditions/me: the current terms and whether the teacher accepted them. */
export const getTermsStatus = () => api.get('/api/terms-and-conditions/me', { schema: TermsStatus });

export const useTermsStatus = () => useQuery({ queryKey: portalKeys.terms(), queryFn: getTermsStatus });

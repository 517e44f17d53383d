import { useQuery } from '@tanstack/react-query';
import { TermsVersionList } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** GET api/terms-and-conditions/versions: every version, newest first, with its acceptances. */
export const listTermsVersions = () => api.get('/api/terms-and-conditions/versions', { schema: TermsVersionList });

export const useTermsVersions = () =>
  useQuery({ queryKey: contentKeys.terms(), queryFn: listTermsVersions, select: (d) => d.items });

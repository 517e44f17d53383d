import { useQuery } from '@tanstack/react-query';
import { GeneralCopyList } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** GET copy/v-rest/?olympiadId: every named text of the olympiad's general copy, with its default. */
export const listGeneralCopy = (olympiadId: number) =>
  api.get('/copy/v-rest/', { query: { olympiadId }, schema: GeneralCopyList });

export const useGeneralCopy = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: contentKeys.generalCopy(olympiadId ?? 0),
    queryFn: () => listGeneralCopy(olympiadId!),
    enabled: olympiadId != null,
  });

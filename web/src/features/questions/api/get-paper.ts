import { useQuery } from '@tanstack/react-query';
import { PaperResult } from '#contract/authoring';
import { api } from '../../../lib/api/index.js';
import { paperKeys } from './keys.js';

/** POST /olympiad/modules/{id}: the whole paper (modules with questions and keys). */
export const getPaper = (olympiadId: number) => api.post(`/olympiad/modules/${olympiadId}`, { schema: PaperResult });

export const usePaper = (olympiadId: number | null) =>
  useQuery({
    queryKey: paperKeys.modules(olympiadId ?? 0),
    queryFn: () => getPaper(olympiadId ?? 0),
    select: (data) => data.modules,
    enabled: olympiadId != null,
  });

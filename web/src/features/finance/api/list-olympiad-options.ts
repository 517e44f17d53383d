import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

const OlympiadOption = z.object({
  id: z.number().int(),
  varName: z.string(),
  title: z.string(),
  year: z.number().int(),
});

/** GET olympiad/v-rest/ (every olympiad, to choose the ones an account invoices) */
export const useOlympiadOptions = () =>
  useQuery({
    queryKey: financeKeys.accounts('olympiads'),
    queryFn: () =>
      api.get('/olympiad/v-rest/', {
        query: { pageSize: 500, sort: 'year', order: 'desc' },
        schema: z.object({ items: z.array(OlympiadOption) }),
      }),
  });

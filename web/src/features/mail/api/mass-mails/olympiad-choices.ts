import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const OlympiadChoices = z.object({ items: z.array(z.object({ id: z.number(), title: z.string() })) });

/** GET olympiad/v-rest/: the olympiads the overlord may address a mailing to. */
export function listOlympiadChoices() {
  return api.get('/olympiad/v-rest/', { query: { page: 1, pageSize: 200, sort: 'title' }, schema: OlympiadChoices });
}

export const useOlympiadChoices = (enabled: boolean) =>
  useQuery({
    queryKey: mailKeys.olympiadChoices(),
    queryFn: listOlympiadChoices,
    select: (d) => d.items,
    enabled,
  });

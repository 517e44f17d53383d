import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api/index.js';
import { overlordKeys } from './keys.js';

const OlympiadChoices = z.object({
  items: z.array(z.object({ id: z.number(), title: z.string(), varName: z.string() })),
});

/** GET olympiad/v-rest/: every olympiad by name, to choose the one to act as a user in. */
export function listOlympiadChoices() {
  return api.get('/olympiad/v-rest/', { query: { page: 1, pageSize: 200, sort: 'title' }, schema: OlympiadChoices });
}

export const useOlympiadChoices = () =>
  useQuery({ queryKey: overlordKeys.olympiadChoices(), queryFn: listOlympiadChoices, select: (d) => d.items });

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api/index.js';

const Olympiads = z.object({ items: z.array(z.object({ id: z.number(), title: z.string(), varName: z.string() })) });

/** GET olympiad/v-rest/ (the newest 200): the olympiads learner login activity can be narrowed to. */
export const useOlympiadFilter = () =>
  useQuery({
    queryKey: ['logs', 'olympiads'],
    queryFn: () =>
      api.get('/olympiad/v-rest/', { query: { page: 1, pageSize: 200, sort: 'id', order: 'desc' }, schema: Olympiads }),
    select: (d) => d.items.map((o) => ({ value: String(o.id), label: `${o.title} (${o.varName})` })),
  });

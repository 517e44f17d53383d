import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { OlympiadListQuery } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';

const Olympiads = z.object({ items: z.array(z.object({ id: z.number(), title: z.string(), varName: z.string() })) });

/** The newest olympiads first, as many as one page holds; typed by the list's contract so a sort it lacks cannot be sent. */
export const olympiadFilterQuery = {
  page: 1,
  pageSize: 200,
  sort: 'year',
  order: 'desc',
} as const satisfies z.input<typeof OlympiadListQuery>;

/** GET olympiad/v-rest/ (the newest 200): the olympiads learner login activity can be narrowed to. */
export const useOlympiadFilter = () =>
  useQuery({
    queryKey: ['logs', 'olympiads'],
    queryFn: () => api.get('/olympiad/v-rest/', { query: olympiadFilterQuery, schema: Olympiads }),
    select: (d) => d.items.map((o) => ({ value: String(o.id), label: `${o.title} (${o.varName})` })),
  });

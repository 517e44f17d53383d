import { useQuery } from '@tanstack/react-query';
import { ProjectList } from '#contract/public';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

export interface Option {
  value: string;
  label: string;
}

/** Every project and olympiad (past ones too), as choices for the FAQ editor (GET olympus-suite/api/projects/). */
export function listFaqTargets() {
  return api.get('/olympus-suite/api/projects/', { schema: ProjectList });
}

export const useFaqTargets = (enabled: boolean) =>
  useQuery({
    queryKey: contentKeys.targets(),
    queryFn: listFaqTargets,
    select: (d) => ({
      projects: d.items.map((p): Option => ({ value: String(p.id), label: p.title })),
      // Pinned olympiads first, then the newest (the server's order), so the one in hand is the default.
      olympiads: d.items
        .flatMap((p) => p.olympiads)
        .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.year - a.year || a.title.localeCompare(b.title))
        .map((o): Option => ({ value: String(o.id), label: o.title })),
    }),
    staleTime: 60_000,
    enabled,
  });

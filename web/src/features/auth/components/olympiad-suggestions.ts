/** The open olympiads a learner may have meant by what they typed ("geo-quik" → geo-quick). */

interface Named {
  varName: string;
  title: string;
  open: boolean;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Edits (insert, delete, replace, swap two neighbours) from a to b. */
export function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * Up to `max` open olympiads close to what was typed (by short name or title), closest first; none when it already
 * names an olympiad exactly or is too short to tell.
 */
export function olympiadSuggestions<T extends Named>(typed: string, olympiads: readonly T[], max = 3): T[] {
  const t = fold(typed);
  if (t.length < 2 || olympiads.some((o) => o.varName.toLowerCase() === typed.trim().toLowerCase())) return [];
  return olympiads
    .filter((o) => o.open)
    .map((o) => {
      const v = fold(o.varName);
      const title = fold(o.title);
      const contains = v.includes(t) || t.includes(v) || title.includes(t);
      const score = Math.min(distance(t, v), distance(t, title.slice(0, Math.max(t.length, v.length))));
      return { o, score: contains ? Math.min(score, 1) : score, limit: Math.max(2, Math.floor(v.length * 0.4)) };
    })
    .filter((c) => c.score <= c.limit)
    .sort((a, b) => a.score - b.score || a.o.varName.localeCompare(b.o.varName))
    .slice(0, max)
    .map((c) => c.o);
}

/**
 * School-name similarity without pg_trgm (PGlite has none): names are folded (case, accents,
 * punctuation, common words like "school" or "high"), then compared by Levenshtein ratio and by
 * shared words; the better of the two counts.
 */
const commonWords = new Set([
  'school',
  'skool',
  'high',
  'hoer',
  'hoerskool',
  'laerskool',
  'primary',
  'primere',
  'secondary',
  'sekondere',
  'college',
  'academy',
  'the',
  'of',
  'and',
  'en',
  'die',
  'combined',
  'comprehensive',
  'ss',
  'ps',
  'hs',
  'boys',
  'girls',
]);

export function foldName(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !commonWords.has(w));
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** 0..1: how alike two school names are. */
export function nameSimilarity(a: string, b: string): number {
  const wa = foldName(a);
  const wb = foldName(b);
  if (!wa.length || !wb.length) return 0;
  const ja = wa.join(' ');
  const jb = wb.join(' ');
  const ratio = 1 - levenshtein(ja, jb) / Math.max(ja.length, jb.length);
  const sa = new Set(wa);
  const shared = wb.filter((w) => sa.has(w)).length;
  const overlap = shared / Math.max(wa.length, wb.length);
  return Math.max(ratio, overlap);
}

/** A name at least this alike, in the same town, is offered as a possible match. */
export const SIMILAR_NAME = 0.6;

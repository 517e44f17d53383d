import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Migrations compatible with the version before (decision 103). During a rolling restart, and while a release
 * reaches several machines one at a time, the previous version runs on the database its successor migrated: a
 * release may only expand (new tables, nullable or defaulted columns, indexes). What the previous version reads or
 * writes is removed, renamed or tightened only by a later release, once nothing running uses it: the contract step,
 * which says so with a marker naming the earlier migration it completes:
 *
 *   -- contract step of 0041_learner_nicknames: 0042's release stopped reading learners.nickname
 *
 * The check reads every migration numbered above `COMPATIBLE_SINCE` (the ones before were written when a release
 * stopped every process at once) and answers what it refuses, by file.
 */
export const COMPATIBLE_SINCE = 38;

export interface Refusal {
  file: string;
  reason: string;
}

const marker = /^--\s*contract step of (\d{4})_[\w-]+/im;

/** What a migration may not do in the release that stops using what it changes, each with the reason given. */
const rules: Array<{ pattern: RegExp; reason: string }> = [
  { pattern: /\bdrop\s+table\b/i, reason: 'DROP TABLE: the previous version may still read the table' },
  { pattern: /\bdrop\s+column\b/i, reason: 'DROP COLUMN: the previous version may still read the column' },
  { pattern: /\brename\b/i, reason: 'RENAME: the previous version knows only the old name' },
  {
    pattern: /\balter\s+column\s+("[^"]+"|\w+)\s+(set\s+data\s+)?type\b/i,
    reason: 'ALTER COLUMN … TYPE: the previous version reads and writes the old type',
  },
];

/** Statements, with comments removed (a comment may name a forbidden word). */
function statements(text: string): string[] {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .split(/;|--> statement-breakpoint/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A statement cut at its commas outside parentheses and quotes: an ALTER TABLE's clauses. */
function clauses(statement: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < statement.length; i++) {
    const c = statement[i];
    if (c === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(statement.slice(start, i));
      start = i + 1;
    }
  }
  out.push(statement.slice(start));
  return out;
}

const unquote = (name: string) => name.replace(/"/g, '').toLowerCase();

/** What one migration's text does that the previous version could not live with; empty when it is compatible. */
export function incompatibilities(text: string): string[] {
  const found: string[] = [];
  const all = statements(text);
  const defaulted = new Set(
    all.flatMap((s) =>
      [...s.matchAll(/\balter\s+column\s+("[^"]+"|\w+)\s+set\s+default\b/gi)].map((m) => unquote(m[1]!)),
    ),
  );
  for (const s of all) {
    for (const rule of rules) if (rule.pattern.test(s)) found.push(rule.reason);
    for (const m of s.matchAll(/\balter\s+column\s+("[^"]+"|\w+)\s+set\s+not\s+null\b/gi))
      if (!defaulted.has(unquote(m[1]!)))
        found.push(`SET NOT NULL on ${unquote(m[1]!)} without a default: the previous version inserts without it`);
    // Each clause of an ALTER TABLE on its own: an ADD COLUMN's NOT NULL needs a DEFAULT in the same clause.
    for (const clause of clauses(s)) {
      const m =
        /^\s*(?:alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?\S+\s+)?add\s+(?:column\s+)?(?:if\s+not\s+exists\s+)?(?!(?:constraint|primary|unique|foreign|check|exclude)\b)("[^"]+"|\w+)/i.exec(
          clause,
        );
      if (m && /\bnot\s+null\b/i.test(clause) && !/\bdefault\b/i.test(clause))
        found.push(`ADD COLUMN ${unquote(m[1]!)} NOT NULL without a default: the previous version inserts without it`);
    }
  }
  return [...new Set(found)];
}

/** Every migration above `since` in `folder` that is refused, naming its file and why. */
export function refusedMigrations(folder: string, since = COMPATIBLE_SINCE): Refusal[] {
  const refusals: Refusal[] = [];
  const files = readdirSync(folder).filter((f) => /^\d{4}_.*\.sql$/.test(f));
  const numbers = new Set(files.map((f) => Number(f.slice(0, 4))));
  for (const file of files.sort()) {
    const number = Number(file.slice(0, 4));
    if (number <= since) continue;
    const text = readFileSync(path.join(folder, file), 'utf8');
    const contract = marker.exec(text);
    if (contract) {
      const earlier = Number(contract[1]);
      if (earlier >= number || !numbers.has(earlier))
        refusals.push({ file, reason: `its contract marker names ${contract[1]}, not an earlier migration` });
      continue;
    }
    for (const reason of incompatibilities(text)) refusals.push({ file, reason });
  }
  return refusals;
}

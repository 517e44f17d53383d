import type {
  PastOlympiad,
  PastWinner,
  PastWinners,
  PublicOlympiad,
  PublicProject,
  WinnersDisplay,
} from '#contract/public';
import { BEST_IN_SCHOOL, defaultAwardRule, PARTICIPATION } from '#contract/results';
import { isoOrNull } from '../../platform/dates.js';
import type { PastOlympiadRow, WinnerRow } from './past-queries.js';
import type { OlympiadRow, ProjectRow } from './queries.js';

export function presentOlympiad(o: OlympiadRow): PublicOlympiad {
  return {
    id: o.id,
    varName: o.varName,
    title: o.title,
    year: o.year,
    kind: o.kind,
    open: o.open,
    pinned: o.pinned,
    startsAt: isoOrNull(o.startsAt),
    endsAt: isoOrNull(o.endsAt),
    durationMinutes: o.durationMinutes,
    minGrade: o.minGrade,
    maxGrade: o.maxGrade,
    projectName: o.projectName,
    ...offeredLanguages(o),
  };
}

/** The languages an olympiad is offered in as the public contract names them (the database allows only these). */
export function offeredLanguages(o: { languages: readonly string[]; defaultLanguage: string }) {
  const known = (l: string): l is 'en' | 'af' => l === 'en' || l === 'af';
  const languages = o.languages.filter(known);
  const defaultLanguage = known(o.defaultLanguage) ? o.defaultLanguage : (languages[0] ?? 'en');
  return { languages: languages.length ? languages : [defaultLanguage], defaultLanguage };
}

export function presentProject(p: ProjectRow, olympiads: OlympiadRow[]): PublicProject {
  return {
    id: p.id,
    projectName: p.projectName,
    title: p.title,
    seoTitle: p.seoTitle || p.title,
    shareTitle: p.shareTitle || p.title,
    description: p.description,
    keywords: p.keywords,
    language: p.language === 'af' ? 'af' : 'en',
    olympiads: olympiads.filter((o) => o.projectId === p.id).map(presentOlympiad),
  };
}

/** A learner's name as the olympiad chose to show it: "Thabo Nkosi", "T. Nkosi", or no name (the school only). */
export function winnerName(display: WinnersDisplay, firstName: string, lastName: string): string | null {
  const first = firstName.trim();
  const last = lastName.trim();
  switch (display) {
    case 'full_name':
      return [first, last].filter(Boolean).join(' ') || null;
    case 'initial_surname': {
      // The first character as a person reads it (an accented or composed letter stays whole).
      const initial = first ? `${[...first.normalize('NFC')][0]!.toUpperCase()}.` : '';
      return [initial, last].filter(Boolean).join(' ') || null;
    }
    case 'school_only':
      return null;
  }
}

/**
 * Each award key's label, best first, from the olympiad's saved award rule (the default rule when it saved none,
 * as publishing then uses it), then best in school and participation.
 */
export function awardLabels(saved: Record<string, unknown> | null): Map<string, string> {
  const rule = saved ?? (defaultAwardRule as unknown as Record<string, unknown>);
  const labels = new Map<string, string>();
  const bands = Array.isArray(rule?.bands) ? (rule.bands as Array<{ key?: unknown; label?: unknown }>) : [];
  for (const band of bands) {
    if (typeof band.key === 'string') labels.set(band.key, typeof band.label === 'string' ? band.label : band.key);
  }
  labels.set(BEST_IN_SCHOOL, 'Best in school');
  labels.set(PARTICIPATION, typeof rule?.participationLabel === 'string' ? rule.participationLabel : 'Participation');
  return labels;
}

const labelOf = (labels: Map<string, string>, key: string) =>
  labels.get(key) ?? key.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function presentPastOlympiad(o: PastOlympiadRow): PastOlympiad {
  return {
    id: o.id,
    varName: o.varName,
    title: o.title,
    year: o.year,
    kind: o.kind,
    startsAt: isoOrNull(o.startsAt),
    endsAt: isoOrNull(o.endsAt),
    schools: o.schools,
    learners: o.learners,
    resultsPublishedAt: isoOrNull(o.publishedAt),
  };
}

/**
 * A closed olympiad's winners as the public sees them: names as the olympiad chose (`winners_display`), only
 * once its results are published (before that, the olympiad with empty lists).
 */
export function presentPastWinners(
  o: PastOlympiadRow,
  winners: {
    top: WinnerRow[];
    grades: WinnerRow[];
    awards: Array<{ olympiadId: number; award: string; count: number }>;
  },
): PastWinners {
  const display = o.winnersDisplay;
  const published = o.publishedAt != null;
  const labels = awardLabels(o.awardRule);
  const order = [...labels.keys()];
  const present = (w: WinnerRow): PastWinner => ({
    rank: w.rank,
    gradeRank: w.gradeRank,
    grade: w.grade,
    award: w.award,
    awardLabel: labelOf(labels, w.award),
    name: winnerName(display, w.firstName, w.lastName),
    school: w.school,
  });
  const mine = (w: { olympiadId: number }) => published && w.olympiadId === o.id;
  const grades = new Map<number | null, PastWinner[]>();
  for (const w of winners.grades.filter(mine)) {
    const list = grades.get(w.grade) ?? [];
    list.push(present(w));
    grades.set(w.grade, list);
  }
  // An award the rule no longer names sorts after the rule's bands, before best in school and participation.
  const rankOf = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length - 2.5);
  return {
    olympiad: presentPastOlympiad(o),
    display,
    awards: winners.awards
      .filter(mine)
      .sort((a, b) => rankOf(a.award) - rankOf(b.award) || a.award.localeCompare(b.award))
      .map((a) => ({ key: a.award, label: labelOf(labels, a.award), count: a.count })),
    top: winners.top.filter(mine).map(present),
    grades: [...grades].map(([grade, list]) => ({ grade, winners: list })),
  };
}

import type {
  DayFigures,
  FeedbackItem,
  GraphData,
  MoneyFigures,
  OlympiadFigures,
  OverviewFigures,
} from '#contract/reports';
import { iso } from '../../platform/dates.js';
import type { DayRow, FeedbackRow, FiguresByOlympiad } from './queries.js';

const n = (v: unknown) => Number(v ?? 0);

/** Each olympiad's figures, and all of them together (money summed per currency). */
export function presentFigures(f: FiguresByOlympiad): { figures: OverviewFigures; olympiads: OlympiadFigures[] } {
  const olympiads = f.olympiads.map((o): OlympiadFigures => {
    const a = f.attempts.get(o.id);
    const learners = n(f.learners.get(o.id)?.n);
    const mail = f.mail.get(o.id);
    return {
      id: o.id,
      varName: o.varName,
      title: o.title,
      currency: o.currency,
      schoolsEntered: n(f.schools.get(o.id)?.n),
      learnersLoaded: learners,
      notStarted: Math.max(learners - n(a?.started), 0),
      writingNow: n(a?.writing),
      finished: n(a?.finished),
      money: [
        { currency: o.currency, invoicedCents: n(f.invoiced.get(o.id)?.cents), paidCents: n(f.paid.get(o.id)?.cents) },
      ],
      mailSent: n(mail?.sent),
      mailWaiting: n(mail?.waiting),
      mailFailed: n(mail?.failed),
    };
  });
  const money = new Map<string, MoneyFigures>();
  for (const o of olympiads)
    for (const m of o.money) {
      const t = money.get(m.currency) ?? { currency: m.currency, invoicedCents: 0, paidCents: 0 };
      t.invoicedCents += m.invoicedCents;
      t.paidCents += m.paidCents;
      money.set(m.currency, t);
    }
  const sum = (k: 'schoolsEntered' | 'learnersLoaded' | 'notStarted' | 'writingNow' | 'finished') =>
    olympiads.reduce((s, o) => s + o[k], 0);
  // Mail includes what belongs to no olympiad (site-wide mail), when the reach is every olympiad.
  const mail = [...f.mail.values()];
  return {
    olympiads,
    figures: {
      olympiads: olympiads.length,
      schoolsEntered: sum('schoolsEntered'),
      learnersLoaded: sum('learnersLoaded'),
      notStarted: sum('notStarted'),
      writingNow: sum('writingNow'),
      finished: sum('finished'),
      money: [...money.values()].sort(
        (a, b) => b.invoicedCents - a.invoicedCents || a.currency.localeCompare(b.currency),
      ),
      mailSent: mail.reduce((s, m) => s + n(m.sent), 0),
      mailWaiting: mail.reduce((s, m) => s + n(m.waiting), 0),
      mailFailed: mail.reduce((s, m) => s + n(m.failed), 0),
    },
  };
}

export const presentDay = (d: DayRow): DayFigures => ({
  day: String(d.day).slice(0, 10),
  schoolsEntered: n(d.schools),
  learnersLoaded: n(d.learners),
  started: n(d.started),
  mailSent: n(d.mail),
});

/** Registrations with running totals. */
export function presentRegistrations(days: DayFigures[]): GraphData['registrations'] {
  let totalSchools = 0;
  let totalLearners = 0;
  return days
    .filter((d) => d.schoolsEntered || d.learnersLoaded)
    .map((d) => {
      totalSchools += d.schoolsEntered;
      totalLearners += d.learnersLoaded;
      return { day: d.day, schools: d.schoolsEntered, learners: d.learnersLoaded, totalSchools, totalLearners };
    });
}

/** Ten bands of ten percent, each present (zero when empty). */
export function presentScoreBands(
  bands: ReadonlyArray<{ band: number; learners: number }>,
): GraphData['scoreDistribution'] {
  const byBand = new Map(bands.map((b) => [n(b.band), n(b.learners)]));
  return Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, learners: byBand.get(i) ?? 0 }));
}

export const presentFeedback = (r: FeedbackRow): FeedbackItem => ({
  attemptId: r.attemptId,
  learnerId: r.learnerId,
  firstName: r.firstName,
  lastName: r.lastName,
  username: r.username,
  grade: r.grade,
  schoolName: r.schoolName,
  rating: r.rating,
  comment: r.comment ?? '',
  at: iso(r.at),
});

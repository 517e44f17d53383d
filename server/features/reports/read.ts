import type { GraphData, ReportOverview } from '#contract/reports';
import { inTurn, type Queryable } from '../../db/client.js';
import type { Reach } from '../../http/reach.js';
import { presentDay, presentFigures, presentRegistrations, presentScoreBands } from './present.js';
import * as queries from './queries.js';

/** The overview's figures within a reach: together, per olympiad, and by day; its statements in turn (db/client.ts). */
export async function readOverview(
  q: Queryable,
  r: Reach,
): Promise<Pick<ReportOverview, 'figures' | 'olympiads' | 'overTime'>> {
  const [figures, days] = await inTurn(
    () => queries.figuresByOlympiad(q, r),
    () => queries.overTime(q, r),
  );
  return { ...presentFigures(figures), overTime: days.map(presentDay) };
}

/** The charts of one olympiad; the exam day is the one asked for, else the day with the most starts (the latest of equals). */
export async function readGraphData(
  q: Queryable,
  olympiadId: number,
  askedDay: string | null,
): Promise<Omit<GraphData, 'success' | 'asOf'>> {
  const r = { olympiads: [olympiadId], schoolId: null };
  const [days, provinces, starts, bands] = await inTurn(
    () => queries.overTime(q, r),
    () => queries.byProvinceGrade(q, olympiadId),
    () => queries.startDays(q, olympiadId),
    () => queries.scoreBands(q, olympiadId),
  );
  const startDays = starts.map((d) => ({ day: String(d.day).slice(0, 10), starts: Number(d.starts) }));
  const examDay =
    askedDay ??
    startDays.reduce<{ day: string; starts: number } | null>((m, d) => (!m || d.starts >= m.starts ? d : m), null)
      ?.day ??
    null;
  const perMinute = examDay ? await queries.startsPerMinute(q, olympiadId, examDay) : [];
  return {
    registrations: presentRegistrations(days.map(presentDay)),
    byProvinceGrade: provinces.map((p) => ({ province: p.province, grade: p.grade, learners: Number(p.learners) })),
    startDays,
    examDay,
    startsPerMinute: perMinute.map((m) => ({ minute: m.minute, starts: Number(m.starts) })),
    scoreDistribution: presentScoreBands(bands),
  };
}

import type { FeedbackItem, GraphData, OverviewFigures, ReportOverview } from '#contract/reports';
import { isoToWallTime } from '#contract/site-time';
import type { XlsxColumn, XlsxSheet, XlsxValue } from '../../platform/xlsx.js';

/*
 * The reports as spreadsheets (decision 038): the first sheet is also the csv download, so it holds the table a
 * person most wants; xlsx adds the others.
 */

const rands = (cents: number) => cents / 100;

const figureColumns: XlsxColumn[] = [
  { header: 'Schools entered', width: 16 },
  { header: 'Learners loaded', width: 16 },
  { header: 'Not started', width: 12 },
  { header: 'Writing now', width: 12 },
  { header: 'Finished', width: 10 },
  { header: 'Currency', width: 10 },
  { header: 'Invoiced', width: 16, format: 'money' },
  { header: 'Paid', width: 16, format: 'money' },
  { header: 'Mail sent', width: 10 },
  { header: 'Mail waiting', width: 12 },
  { header: 'Mail failed', width: 12 },
];

/** A row of figures; money in several currencies takes one row per currency (the counts on the first). */
function figureRows(label: string, f: Omit<OverviewFigures, 'olympiads'>): XlsxValue[][] {
  const money = f.money.length ? f.money : [null];
  return money.map((m, i) => [
    label,
    ...(i === 0
      ? [f.schoolsEntered, f.learnersLoaded, f.notStarted, f.writingNow, f.finished]
      : [null, null, null, null, null]),
    m?.currency ?? null,
    m ? rands(m.invoicedCents) : null,
    m ? rands(m.paidCents) : null,
    ...(i === 0 ? [f.mailSent, f.mailWaiting, f.mailFailed] : [null, null, null]),
  ]);
}

export function overviewSheets(o: ReportOverview): XlsxSheet[] {
  const rows = [
    ...figureRows(o.olympiad ? o.olympiad.title : 'All olympiads', o.figures),
    ...o.olympiads.flatMap((x) => figureRows(x.title, x)),
  ];
  return [
    { name: 'Figures', columns: [{ header: 'Olympiad', width: 34 }, ...figureColumns], rows },
    {
      name: 'By day',
      columns: [
        { header: 'Day', width: 12 },
        { header: 'Schools entered', width: 16 },
        { header: 'Learners loaded', width: 16 },
        { header: 'Started', width: 10 },
        { header: 'Mail sent', width: 10 },
      ],
      rows: o.overTime.map((d) => [d.day, d.schoolsEntered, d.learnersLoaded, d.started, d.mailSent]),
    },
  ];
}

/**
 * The charts' data: the csv is one long table (chart, label, detail, value) that a pivot table reads; the xlsx
 * has one sheet per chart as well.
 */
export function graphSheets(g: GraphData): XlsxSheet[] {
  const grade = (v: number | null) => (v == null ? 'No grade' : `Grade ${v}`);
  const long: XlsxValue[][] = [
    ...g.registrations.flatMap((r) => [
      ['Registrations', r.day, 'Schools entered', r.schools],
      ['Registrations', r.day, 'Learners loaded', r.learners],
    ]),
    ...g.byProvinceGrade.map((p) => ['Learners by province and grade', p.province, grade(p.grade), p.learners]),
    ...g.startsPerMinute.map((m) => ['Starts per minute', `${g.examDay} ${m.minute}`, 'Starts', m.starts]),
    ...g.scoreDistribution.map((b) => ['Score distribution', `${b.from}–${b.to} %`, 'Learners', b.learners]),
  ];
  return [
    {
      name: 'All charts',
      columns: [
        { header: 'Chart', width: 30 },
        { header: 'Label', width: 22 },
        { header: 'Detail', width: 18 },
        { header: 'Value', width: 10 },
      ],
      rows: long,
    },
    {
      name: 'Registrations',
      columns: [
        { header: 'Day', width: 12 },
        { header: 'Schools entered', width: 16 },
        { header: 'Learners loaded', width: 16 },
        { header: 'Schools to date', width: 16 },
        { header: 'Learners to date', width: 16 },
      ],
      rows: g.registrations.map((r) => [r.day, r.schools, r.learners, r.totalSchools, r.totalLearners]),
    },
    {
      name: 'Province and grade',
      columns: [{ header: 'Province', width: 22 }, { header: 'Grade', width: 10 }, { header: 'Learners' }],
      rows: g.byProvinceGrade.map((p) => [p.province, p.grade, p.learners]),
    },
    {
      name: 'Starts per minute',
      columns: [{ header: 'Day', width: 12 }, { header: 'Minute (SAST)', width: 14 }, { header: 'Starts' }],
      rows: g.startsPerMinute.map((m) => [g.examDay, m.minute, m.starts]),
    },
    {
      name: 'Scores',
      columns: [{ header: 'From %' }, { header: 'To %' }, { header: 'Learners' }],
      rows: g.scoreDistribution.map((b) => [b.from, b.to, b.learners]),
    },
  ];
}

export function feedbackSheets(items: FeedbackItem[]): XlsxSheet[] {
  return [
    {
      name: 'Feedback',
      columns: [
        { header: 'Given at (SAST)', width: 18 },
        { header: 'First name', width: 16 },
        { header: 'Last name', width: 16 },
        { header: 'Username', width: 16 },
        { header: 'School', width: 30 },
        { header: 'Grade', width: 8 },
        { header: 'Rating', width: 8 },
        { header: 'Comment', width: 60 },
      ],
      rows: items.map((f) => [
        isoToWallTime(f.at).replace('T', ' '),
        f.firstName,
        f.lastName,
        f.username,
        f.schoolName ?? '',
        f.grade,
        f.rating,
        f.comment,
      ]),
    },
  ];
}

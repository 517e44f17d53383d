import type { FeedbackItem, GraphData, OverviewFigures, ReportOverview } from '#contract/reports';
import { siteTimeZone, wallTimeToIso } from '#contract/site-time';
import { type TableColumn, tableSheet, type XlsxSheet } from '../../platform/xlsx.js';

/*
 * The reports as spreadsheets (decision 038): the first sheet is also the csv download, so it holds the table a
 * person most wants; xlsx adds the others. Each sheet is a table (platform/xlsx.ts `tableSheet`, decision 050).
 */

/** One row of the figures: an olympiad (or all together) in one currency; the counts on its first row only. */
interface FigureRow {
  label: string;
  f: Omit<OverviewFigures, 'olympiads'> | null;
  money: OverviewFigures['money'][number] | null;
}

const counted =
  (pick: (f: Omit<OverviewFigures, 'olympiads'>) => number) =>
  (r: FigureRow): number | null =>
    r.f ? pick(r.f) : null;

const figureColumns: TableColumn<FigureRow>[] = [
  { header: 'Olympiad', width: 34, value: 'label' },
  { header: 'Schools entered', width: 16, value: counted((f) => f.schoolsEntered) },
  { header: 'Learners loaded', width: 16, value: counted((f) => f.learnersLoaded) },
  { header: 'Not started', width: 12, value: counted((f) => f.notStarted) },
  { header: 'Writing now', width: 12, value: counted((f) => f.writingNow) },
  { header: 'Finished', width: 10, value: counted((f) => f.finished) },
  { header: 'Currency', width: 10, value: (r) => r.money?.currency ?? null },
  { header: 'Invoiced', width: 16, format: 'cents', value: (r) => r.money?.invoicedCents ?? null },
  { header: 'Paid', width: 16, format: 'cents', value: (r) => r.money?.paidCents ?? null },
  { header: 'Mail sent', width: 10, value: counted((f) => f.mailSent) },
  { header: 'Mail waiting', width: 12, value: counted((f) => f.mailWaiting) },
  { header: 'Mail failed', width: 12, value: counted((f) => f.mailFailed) },
];

/** An olympiad's rows of figures; money in several currencies takes one row per currency. */
function figureRows(label: string, f: Omit<OverviewFigures, 'olympiads'>): FigureRow[] {
  const money = f.money.length ? f.money : [null];
  return money.map((m, i) => ({ label, f: i === 0 ? f : null, money: m }));
}

export function overviewSheets(o: ReportOverview): XlsxSheet[] {
  const rows = [
    ...figureRows(o.olympiad ? o.olympiad.title : 'All olympiads', o.figures),
    ...o.olympiads.flatMap((x) => figureRows(x.title, x)),
  ];
  return [
    tableSheet('Figures', figureColumns, rows),
    tableSheet(
      'By day',
      [
        { header: 'Day', width: 12, format: 'date', value: 'day' },
        { header: 'Schools entered', width: 16, value: 'schoolsEntered' },
        { header: 'Learners loaded', width: 16, value: 'learnersLoaded' },
        { header: 'Started', width: 10, value: 'started' },
        { header: 'Mail sent', width: 10, value: 'mailSent' },
      ],
      o.overTime,
    ),
  ];
}

/**
 * The charts' data: the csv is one long table (chart, label, detail, value) that a pivot table reads; the xlsx
 * has one sheet per chart as well.
 */
export function graphSheets(g: GraphData): XlsxSheet[] {
  const grade = (v: number | null) => (v == null ? 'No grade' : `Grade ${v}`);
  const long = [
    ...g.registrations.flatMap((r) => [
      ['Registrations', r.day, 'Schools entered', r.schools] as const,
      ['Registrations', r.day, 'Learners loaded', r.learners] as const,
    ]),
    ...g.byProvinceGrade.map(
      (p) => ['Learners by province and grade', p.province, grade(p.grade), p.learners] as const,
    ),
    ...g.startsPerMinute.map((m) => ['Starts per minute', `${g.examDay} ${m.minute}`, 'Starts', m.starts] as const),
    ...g.scoreDistribution.map((b) => ['Score distribution', `${b.from}–${b.to} %`, 'Learners', b.learners] as const),
  ];
  return [
    tableSheet(
      'All charts',
      [
        { header: 'Chart', width: 30, value: (r) => r[0] },
        { header: 'Label', width: 22, value: (r) => r[1] },
        { header: 'Detail', width: 18, value: (r) => r[2] },
        { header: 'Value', width: 10, value: (r) => r[3] },
      ],
      long,
    ),
    tableSheet(
      'Registrations',
      [
        { header: 'Day', width: 12, format: 'date', value: 'day' },
        { header: 'Schools entered', width: 16, value: 'schools' },
        { header: 'Learners loaded', width: 16, value: 'learners' },
        { header: 'Schools to date', width: 16, value: 'totalSchools' },
        { header: 'Learners to date', width: 16, value: 'totalLearners' },
      ],
      g.registrations,
    ),
    tableSheet(
      'Province and grade',
      [
        { header: 'Province', width: 22, value: 'province' },
        { header: 'Grade', width: 10, value: 'grade' },
        { header: 'Learners', value: 'learners' },
      ],
      g.byProvinceGrade,
    ),
    tableSheet(
      'Starts per minute',
      [
        { header: 'Day', width: 12, format: 'date', value: () => g.examDay },
        // The minute as a time of that day (the report's minutes are South African wall times).
        {
          header: 'Minute',
          width: 17,
          format: 'datetime',
          value: (m) => (g.examDay ? wallTimeToIso(`${g.examDay}T${m.minute}`, siteTimeZone) : null),
        },
        { header: 'Starts', value: 'starts' },
      ],
      g.startsPerMinute,
    ),
    tableSheet(
      'Scores',
      [
        { header: 'From %', value: 'from' },
        { header: 'To %', value: 'to' },
        { header: 'Learners', value: 'learners' },
      ],
      g.scoreDistribution,
    ),
  ];
}

export function feedbackSheets(items: FeedbackItem[]): XlsxSheet[] {
  return [
    tableSheet(
      'Feedback',
      [
        { header: 'Given at', width: 17, format: 'datetime', value: 'at' },
        { header: 'First name', width: 16, value: 'firstName' },
        { header: 'Last name', width: 16, value: 'lastName' },
        { header: 'Username', width: 16, value: 'username' },
        { header: 'School', width: 30, value: (f) => f.schoolName ?? '' },
        { header: 'Grade', width: 8, value: 'grade' },
        { header: 'Rating', width: 8, value: 'rating' },
        { header: 'Comment', width: 60, value: 'comment' },
      ],
      items,
    ),
  ];
}

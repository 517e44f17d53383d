import { count } from '#contract/numbers';
import { formatDate } from '../../lib/dates.js';

/**
 * How the charts order and scale what they draw, as plain functions (decision 038's charts): a legend in the
 * order of its series, grades as numbers, counts in whole steps, and a single day said in words.
 */

/** A legend entry as recharts hands it to a sorter: the series' name is its data key (Mantine's charts). */
interface LegendEntry {
  dataKey?: unknown;
  value?: unknown;
}

/**
 * The legend's sorter (`legendProps.itemSorter`) that keeps the series in the order the page gives them: recharts
 * sorts a legend by its labels unless told otherwise, which put "Grade 10" before "Grade 8" and "Bronze" before
 * "Gold". An entry the series do not name goes last.
 */
export function legendInSeriesOrder(series: ReadonlyArray<{ name: string }>): (entry: LegendEntry) => number {
  const place = new Map(series.map((s, i) => [s.name, i]));
  return (entry) => {
    const key = typeof entry.dataKey === 'string' ? entry.dataKey : typeof entry.value === 'string' ? entry.value : '';
    return place.get(key) ?? series.length;
  };
}

/** Grades in their school order (8, 9, 10, 11, 12), learners without a grade last. */
export function byGrade(a: number | null, b: number | null): number {
  return (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY) || 0;
}

/** The words of a grade on a chart. */
export const gradeName = (grade: number | null) => (grade == null ? 'No grade' : `Grade ${grade}`);

/**
 * An axis of counts (learners, schools, starts) steps in whole numbers: with a handful of learners recharts
 * otherwise ticks 0, 0.25, 0.5 … Spread into the axis's props.
 */
export const countAxis = { allowDecimals: false } as const;

/**
 * Days charted as a line need two of them: a single day is a lonely dot. The figures of that one day in a
 * sentence ("On 3 March 2026: 12 schools entered and 340 learners loaded."), or null when there are no days or
 * more than one. `figures` are each a count and its noun, singular and plural.
 */
export function oneDayInWords<T extends { day: string }>(
  days: readonly T[],
  figures: (day: T) => ReadonlyArray<readonly [number, string, string]>,
): string | null {
  if (days.length !== 1) return null;
  const day = days[0]!;
  // A day is a South African date; noon UTC is that same date in South Africa.
  const date = formatDate(`${day.day}T12:00:00.000Z`, 'longDate', day.day);
  const parts = figures(day).map(([n, one, many]) => count(n, one, many));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : (parts[0] ?? '');
  return `On ${date}: ${list}.`;
}

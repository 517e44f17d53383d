import { offsetMinutes, siteTimeZone } from '#contract/site-time';

/**
 * Instants as the API sends them: ISO 8601 in UTC (`2027-03-03T06:00:00.000Z`). Every presenter uses these;
 * the web shows them in South African time (contract/time.ts).
 */
export const iso = (d: Date | string): string => new Date(d).toISOString();

export const isoOrNull = (d: Date | string | null | undefined): string | null => (d == null ? null : iso(d));

/**
 * The zone an olympiad's downloads read times in. An olympiad keeps no zone of its own: every one is run from South
 * Africa, so its staff read South African time (a country's learners read their own zone on their own pages, decision
 * 039). Downloads take the zone as a parameter, so an olympiad with a zone of its own would only pass it.
 */
export const olympiadTimeZone: string = siteTimeZone;

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/**
 * The wall clock of `zone` at an instant, as a Date whose UTC fields read that wall time. A spreadsheet's date cell
 * has no zone (exceljs writes a Date's UTC fields), so this is what it must hold to show the time people there read.
 */
export function wallClockDate(at: Date | string, zone: string = olympiadTimeZone): Date {
  const d = new Date(at);
  return new Date(d.getTime() + offsetMinutes(d, zone) * 60_000);
}

/** An instant as ISO 8601 on the wall clock of `zone`, with that zone's offset: `2027-03-03T08:00:00+02:00`. */
export function isoInZone(at: Date | string, zone: string = olympiadTimeZone): string {
  const d = new Date(at);
  const offset = offsetMinutes(d, zone);
  const wall = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${wall}${offset < 0 ? '-' : '+'}${pad(offset / 60)}:${pad(offset % 60)}`;
}

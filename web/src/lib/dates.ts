import { formatSiteTime, isoToWallTime, siteTimeZone, siteTimeZoneLabel, wallTimeToIso } from '#contract/site-time';

/**
 * The one date formatter of the web app. Every time a person reads or enters is South African time
 * (contract/site-time.ts), whatever the browser's zone; instants travel as ISO strings.
 */
export { siteTimeZone, siteTimeZoneLabel };

/** How much of an instant to show. */
export type DateStyle =
  /** "Wed, 3 Mar 2027, 08:00 SAST" */
  | 'dateTime'
  /** "3 Mar 2027, 08:00:05 SAST" */
  | 'dateTimeSeconds'
  /** "Wednesday, 3 March 2027 at 08:00 SAST" */
  | 'fullDateTime'
  /** "3 March 2027, 08:00 SAST" */
  | 'longDateTime'
  /** "3 Mar 2027" */
  | 'date'
  /** "3 March 2027" */
  | 'longDate'
  /** "08:00:05" */
  | 'time';

const sast = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: siteTimeZone, hourCycle: 'h23', ...options });

const formats: Record<Exclude<DateStyle, 'dateTime'>, { format: Intl.DateTimeFormat; zone: boolean }> = {
  dateTimeSeconds: { format: sast({ dateStyle: 'medium', timeStyle: 'medium' }), zone: true },
  fullDateTime: { format: sast({ dateStyle: 'full', timeStyle: 'short' }), zone: true },
  longDateTime: { format: sast({ dateStyle: 'long', timeStyle: 'short' }), zone: true },
  date: { format: sast({ dateStyle: 'medium' }), zone: false },
  longDate: { format: sast({ dateStyle: 'long' }), zone: false },
  time: { format: sast({ timeStyle: 'medium' }), zone: false },
};

/** An instant (ISO string, Date or epoch milliseconds) in South African time; `empty` when there is none. */
export function formatDate(
  value: string | number | Date | null | undefined,
  style: DateStyle = 'dateTime',
  empty = '—',
): string {
  if (value == null || value === '') return empty;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return empty;
  if (style === 'dateTime') return formatSiteTime(date.toISOString());
  const { format, zone } = formats[style];
  return zone ? `${format.format(date)} SAST` : format.format(date);
}

/** An instant as the value of an `<input type="datetime-local">` on South African wall-clock time. */
export function toDateTimeInput(iso: string | null | undefined): string {
  return isoToWallTime(iso, siteTimeZone);
}

/** A datetime-local value read as South African wall-clock time, as an ISO instant (null when empty or not one). */
export function fromDateTimeInput(value: string): string | null {
  return value ? wallTimeToIso(value, siteTimeZone) : null;
}

import {
  dateInZone,
  formatInZone,
  isoToWallTime,
  siteTimeZone,
  siteTimeZoneLabel,
  wallTimeToIso,
  zoneLabel,
} from '#contract/site-time';
import { activeLocale, intlDateLocale } from './i18n/locale.js';

/**
 * The one date formatter of the web app. Every time a person reads or enters is South African time
 * (contract/site-time.ts), whatever the browser's zone, except what a country's learner reads: the window and
 * the deadline in their country's zone (`zone`, decision 039). Instants travel as ISO strings.
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

const styles: Record<Exclude<DateStyle, 'dateTime'>, { options: Intl.DateTimeFormatOptions; zone: boolean }> = {
  dateTimeSeconds: { options: { dateStyle: 'medium', timeStyle: 'medium' }, zone: true },
  fullDateTime: { options: { dateStyle: 'full', timeStyle: 'short' }, zone: true },
  longDateTime: { options: { dateStyle: 'long', timeStyle: 'short' }, zone: true },
  date: { options: { dateStyle: 'medium' }, zone: false },
  longDate: { options: { dateStyle: 'long' }, zone: false },
  time: { options: { timeStyle: 'medium' }, zone: false },
};

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(style: Exclude<DateStyle, 'dateTime'>, zone: string, locale: string) {
  const key = `${style} ${zone} ${locale}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: zone, hourCycle: 'h23', ...styles[style].options });
    formats.set(key, f);
  }
  return f;
}

/**
 * An instant (ISO string, Date or epoch milliseconds) in South African time, or in `zone` (an IANA zone, for a
 * country's learners); `empty` when there is none.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  style: DateStyle = 'dateTime',
  empty = '—',
  zone: string = siteTimeZone,
): string {
  if (value == null || value === '') return empty;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return empty;
  // In the page's language (decision 090): English dates as en-GB writes them, Afrikaans as af-ZA.
  const locale = intlDateLocale[activeLocale()];
  if (style === 'dateTime') return formatInZone(date.toISOString(), zone, locale);
  const text = formatOf(style, zone, locale).format(date);
  return styles[style].zone ? `${text} ${zoneLabel(zone, date)}` : text;
}

/** An instant as the value of an `<input type="datetime-local">` on South African wall-clock time. */
export function toDateTimeInput(iso: string | null | undefined): string {
  return isoToWallTime(iso, siteTimeZone);
}

/** A datetime-local value read as South African wall-clock time, as an ISO instant (null when empty or not one). */
export function fromDateTimeInput(value: string): string | null {
  return value ? wallTimeToIso(value, siteTimeZone) : null;
}

/**
 * Today's date as the value of an `<input type="date">`: the day in South Africa (or in `zone`), whatever the
 * browser's zone, so a date a person enters defaults to the day they are living.
 */
export function todayInput(zone: string = siteTimeZone): string {
  return dateInZone(new Date(), zone);
}

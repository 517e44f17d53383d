/**
 * Numbers as people read them, the one module for it on both sides (decision 050): figures, counts with their
 * noun, percentages, scores and money. A page or a message formats a number through these and never with its own
 * `toLocaleString`, `Intl.NumberFormat` or hand-made plural.
 *
 * Figures follow South African English (`en-ZA`): thousands apart by a non-breaking space ("12 345"), a decimal
 * comma ("2,5"), the same in the browser and in Node (both carry the full ICU data).
 */

const LOCALE = 'en-ZA';

/** A plain figure: `figure(12345)` is "12 345". A bigint (zod's limits can be one) is written as it is. */
export function figure(n: number | bigint): string {
  return typeof n === 'bigint' ? n.toString() : n.toLocaleString(LOCALE);
}

/**
 * A count with its noun, singular for one: `count(1, 'learner')` is "1 learner", `count(12345, 'learner')` "12 345
 * learners", `count(2, 'school has', 'schools have')`. The one helper for it, so no page says "1 learners".
 */
export function count(n: number | bigint, one: string, many = `${one}s`): string {
  return `${figure(n)} ${Number(n) === 1 ? one : many}`;
}

/** The whole-number percentage of `part` in `whole` (a progress bar's value); 0 when there is no whole. */
export function share(part: number, whole: number): number {
  return whole ? Math.round((100 * part) / whole) : 0;
}

/** A percentage to read: `percent(1, 3)` is "33 %"; "–" when there is no whole to be a part of. */
export function percent(part: number, whole: number): string {
  return whole ? `${share(part, whole)} %` : '–';
}

/** A rate kept in basis points, as a percentage: `rate(1500)` is "15 %", `rate(1550)` "15,5 %". */
export function rate(basisPoints: number): string {
  return `${figure(basisPoints / 100)} %`;
}

/** A score or a percent of one: whole numbers as they are, any other to one decimal ("87.5"), as results print. */
export function score(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** A file's size: "1 KB" at the least, whole kilobytes below a megabyte, then megabytes to one decimal. */
export function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Money on a screen: integer cents in, "R 1 234,50" out (`en-ZA`, the currency's own symbol). */
export function money(cents: number, currency = 'ZAR'): string {
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(cents / 100);
}

/**
 * Money on paper and in mail (invoices, credit notes, payment messages): "R 1 234.50", plain ASCII (a space
 * between thousands, a decimal point), the same whatever ICU data the process has and in every PDF font.
 */
export function printedMoney(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const symbol = currency === 'ZAR' ? 'R' : currency;
  return `${sign}${symbol} ${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as the rands (or other currency units) a spreadsheet's money column holds: 123450 is 1234.5. */
export function units(cents: number): number {
  return cents / 100;
}

/** Money typed by a person ("1 234,50", "1234.50", "R 350") as integer cents; null when it is not an amount. */
export function parseMoney(text: string): number | null {
  const t = text.replace(/^\s*R\s*/i, '').replace(/[\s\u00a0]/g, '');
  const m = t.match(/^(-?\d+)(?:[.,](\d{1,2}))?$/);
  if (!m) return null;
  const sign = m[1]!.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(m[1])) * 100 + Number((m[2] ?? '').padEnd(2, '0')));
}

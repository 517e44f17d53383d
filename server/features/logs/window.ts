import type { TimeWindow } from '#contract/logs';

const HOUR = 3_600_000;
const lengths: Record<Exclude<TimeWindow, 'all'>, number> = {
  hour: HOUR,
  day: 24 * HOUR,
  week: 7 * 24 * HOUR,
  month: 30 * 24 * HOUR,
  year: 365 * 24 * HOUR,
};

/** A date alone is midnight in South African time (SAST, UTC+2, no daylight saving). */
const startOf = (startDate: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(startDate) ? `${startDate}T00:00:00+02:00` : startDate);

/**
 * The window a query reads (decision 037): `timeWindow` long from `startDate`, or the last `timeWindow` up to
 * now without one. `all` has no end, and no start unless `startDate` gives one.
 */
export function windowOf(startDate: string | undefined, timeWindow: TimeWindow, now = new Date()) {
  if (timeWindow === 'all') return { from: startDate ? startOf(startDate) : null, to: null };
  const length = lengths[timeWindow];
  if (startDate) {
    const from = startOf(startDate);
    return { from, to: new Date(from.getTime() + length) };
  }
  return { from: new Date(now.getTime() - length), to: now };
}

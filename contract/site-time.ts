/**
 * Zone helpers without zod, so the learner's light page can use them (decision 016); `time.ts` adds the
 * API's instant schema and re-exports these.
 *
 * The site's time zone. Times people enter and read (a mailing's schedule) are South African time,
 * whatever the browser's zone; they are stored and sent as instants (ISO 8601 with an offset).
 */
export const siteTimeZone = 'Africa/Johannesburg';
export const siteTimeZoneLabel = 'South African time (SAST, UTC+2)';

const wallClock = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(zone: string) {
  let f = wallClock.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClock.set(zone, f);
  }
  return f;
}

function wallParts(at: Date, zone: string) {
  const parts = wallClockFormat(zone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** How far `zone` is ahead of UTC at `at`, in minutes (120 for South African time). */
export function offsetMinutes(at: Date, zone: string): number {
  const p = wallParts(at, zone);
  return Math.round((Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - at.getTime()) / 60_000);
}

/** `YYYY-MM-DDTHH:mm` (a datetime-local value) read as a wall-clock time in `zone` → an ISO instant; null if not one. */
export function wallTimeToIso(value: string, zone: string = siteTimeZone): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(asUtc)) return null;
  let t = asUtc - offsetMinutes(new Date(asUtc), zone) * 60_000;
  // Near a daylight-saving change the offset at the guess can differ from the offset at the answer.
  t = asUtc - offsetMinutes(new Date(t), zone) * 60_000;
  return new Date(t).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar date (`YYYY-MM-DD`, the value of an `<input type="date">`) at `at` on the wall clock of `zone`: the
 * day people there call today. Not the UTC date, which in South Africa is still yesterday until 02:00.
 */
export function dateInZone(at: Date = new Date(), zone: string = siteTimeZone): string {
  const p = wallParts(at, zone);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)}`;
}

/** An ISO instant as a datetime-local value (`YYYY-MM-DDTHH:mm`) on the wall clock of `zone`. */
export function isoToWallTime(iso: string | null | undefined, zone: string = siteTimeZone): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = wallParts(d, zone);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(zone: string, locale: string) {
  const key = `${locale} ${zone}`;
  let f = zoneFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(key, f);
  }
  return f;
}

/**
 * The short name of a zone at an instant: "SAST" for South African time, else what the platform calls it
 * ("CET", "GMT+8"), with the zone's own name when that is only an offset ("GMT+8 (Asia/Singapore)").
 */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  if (zone === siteTimeZone) return 'SAST';
  const short =
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  return /^(GMT|UTC)[+-]/.test(short) ? `${short} (${zone.replace(/_/g, ' ')})` : short;
}

/**
 * An instant on the wall clock of `zone`, said so: "Wed, 3 Mar 2027, 08:00 SAST" (`af-ZA`: "Wo. 3 Mrt. 2027 08:00
 * SAST"); "—" when there is none. `locale` is Intl's (decision 090: `en-GB` for English dates, `af-ZA`).
 */
export function formatInZone(iso: string | null | undefined, zone: string = siteTimeZone, locale = 'en-GB'): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : `${zoneFormat(zone, locale).format(d)} ${zoneLabel(zone, d)}`;
}

/** An instant in South African time, said so: "Wed, 3 Mar 2027, 08:00 SAST". */
export function formatSiteTime(iso: string | null | undefined): string {
  return formatInZone(iso, siteTimeZone);
}

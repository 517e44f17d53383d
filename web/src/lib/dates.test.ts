import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateInZone } from '#contract/site-time';
import { formatDate, fromDateTimeInput, todayInput, toDateTimeInput } from './dates.js';
import { setActiveLocale } from './i18n/locale.js';

/** Times are shown and entered on South African time (UTC+2, no daylight saving), whatever the machine's zone. */
describe('lib/dates', () => {
  it('reads a datetime-local value as SAST and shows an instant back on SAST', () => {
    expect(fromDateTimeInput('2027-03-03T08:00')).toBe('2027-03-03T06:00:00.000Z');
    expect(toDateTimeInput('2027-03-03T06:00:00.000Z')).toBe('2027-03-03T08:00');
    expect(toDateTimeInput(fromDateTimeInput('2027-12-31T23:30'))).toBe('2027-12-31T23:30');
    expect(fromDateTimeInput('')).toBeNull();
    expect(toDateTimeInput(null)).toBe('');
  });

  it('formats instants on SAST in each style', () => {
    const at = '2027-03-02T22:30:05.000Z'; // 00:30:05 on 3 March in South Africa
    expect(formatDate(at)).toBe('Wed, 3 Mar 2027, 00:30 SAST');
    expect(formatDate(at, 'date')).toBe('3 Mar 2027');
    expect(formatDate(at, 'longDate')).toBe('3 March 2027');
    expect(formatDate(at, 'time')).toBe('00:30:05');
    expect(formatDate(at, 'dateTimeSeconds')).toMatch(/^3 Mar 2027,? 00:30:05 SAST$/);
    expect(formatDate(Date.parse(at), 'longDateTime')).toMatch(/^3 March 2027(,| at) 00:30 SAST$/);
  });

  it('shows the placeholder for no date or a bad one', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date', 'date', 'to be announced')).toBe('to be announced');
  });

  it("defaults a date input to today's date in South Africa, not the UTC date", () => {
    // 23:30 UTC on 27 November is 01:30 on 28 November in Johannesburg (UTC+2).
    expect(dateInZone(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
    expect(dateInZone(new Date('2026-11-27T21:59:59Z'))).toBe('2026-11-27');
    expect(dateInZone(new Date('2026-11-27T22:00:00Z'))).toBe('2026-11-28');
    // Another zone when asked: still the 27th in New York, already the 28th in Auckland.
    expect(dateInZone(new Date('2026-11-27T23:30:00Z'), 'America/New_York')).toBe('2026-11-27');
    expect(dateInZone(new Date('2026-11-27T11:30:00Z'), 'Pacific/Auckland')).toBe('2026-11-28');
    // The year turns in South Africa two hours before it does in UTC.
    expect(dateInZone(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T23:30:00Z'));
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-11-27');
    expect(todayInput()).toBe('2026-11-28');
  });

  afterEach(() => {
    vi.useRealTimers();
  });
});

describe('dates in Afrikaans (decision 090)', () => {
  afterEach(() => setActiveLocale('en'));

  it('writes an instant as af-ZA does when the page is in Afrikaans, in South African time', () => {
    setActiveLocale('af');
    expect(formatDate('2027-03-03T06:00:05Z', 'fullDateTime')).toBe('Woensdag 03 Maart 2027 om 08:00 SAST');
    expect(formatDate('2027-03-03T06:00:05Z')).toBe('Wo. 3 Mrt. 2027 08:00 SAST');
    setActiveLocale('en');
    expect(formatDate('2027-03-03T06:00:05Z', 'fullDateTime')).toBe('Wednesday, 3 March 2027 at 08:00 SAST');
  });
});

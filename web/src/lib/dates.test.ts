import { describe, expect, it } from 'vitest';
import { formatDate, fromDateTimeInput, toDateTimeInput } from './dates.js';

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
});

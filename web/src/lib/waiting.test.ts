import { describe, expect, it } from 'vitest';
import { pollInterval, waitInWords } from './waiting.js';

describe('lib/waiting', () => {
  it('says the wait in a few words', () => {
    expect(waitInWords(null)).toBe('Paused');
    expect(waitInWords(0)).toBe('Under a minute');
    expect(waitInWords(59)).toBe('Under a minute');
    expect(waitInWords(60)).toBe('About 1 min');
    expect(waitInWords(400)).toBe('About 7 min');
  });

  it('polls faster near the front of the queue, within the pace, and at its own pace while paused', () => {
    const pace = { fastestMs: 2_000, slowestMs: 10_000, shareOfWait: 0.1, pausedMs: 7_000 };
    const middle = () => 0.5;
    expect(pollInterval(5, pace, middle)).toBe(2_000);
    expect(pollInterval(19, pace, middle)).toBe(2_000);
    expect(pollInterval(50, pace, middle)).toBe(5_000);
    expect(pollInterval(600, pace, middle)).toBe(10_000);
    expect(pollInterval(null, pace, middle)).toBe(7_000);
    expect(pollInterval(undefined, pace, middle)).toBe(7_000);
  });

  it('spreads each gap a fifth either side, so pages answered together do not ask together again', () => {
    const pace = { fastestMs: 2_000, slowestMs: 10_000, shareOfWait: 0.1, pausedMs: 7_000 };
    expect(pollInterval(50, pace, () => 0)).toBe(4_000);
    expect(pollInterval(50, pace, () => 0.999_999)).toBe(6_000);
    const gaps = new Set(Array.from({ length: 50 }, () => pollInterval(600, pace)));
    expect(gaps.size).toBeGreaterThan(10);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(8_000);
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(12_000);
  });
});

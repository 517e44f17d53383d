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

  it('polls faster near the front of the queue, within the pace, and at the slowest while paused', () => {
    const pace = { fastestMs: 2_000, slowestMs: 10_000, shareOfWait: 0.1 };
    expect(pollInterval(5, pace)).toBe(2_000);
    expect(pollInterval(19, pace)).toBe(2_000);
    expect(pollInterval(50, pace)).toBe(5_000);
    expect(pollInterval(600, pace)).toBe(10_000);
    expect(pollInterval(null, pace)).toBe(10_000);
    expect(pollInterval(undefined, pace)).toBe(10_000);
  });
});

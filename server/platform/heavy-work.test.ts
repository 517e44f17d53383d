import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { HeavyWorkGate, heavyLimits } from './heavy-work.js';

/** The 429 a refused place throws, with its Retry-After. */
function refusal(enter: () => unknown): HttpError {
  try {
    enter();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('the place was given');
}

describe('the heavy-work gate', () => {
  it('gives a person at most perUser places and refuses the next with 429 and Retry-After', () => {
    const gate = new HeavyWorkGate({ overall: 10, perUser: 2 });
    const first = gate.enter(1);
    gate.enter(1);
    const refused = refusal(() => gate.enter(1));
    expect(refused.statusCode).toBe(429);
    expect(refused.code).toBe('rate_limited');
    expect(refused.message).toBe('You have 2 downloads being prepared already: wait for them, then try again');
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    // Someone else still gets one; a place given back is free again, and giving it back twice frees only one.
    gate.enter(2);
    first();
    first();
    expect(gate.held(1)).toBe(1);
    gate.enter(1);
    expect(refusal(() => gate.enter(1)).statusCode).toBe(429);
    expect(gate.held()).toBe(3);
  });

  it('refuses anyone once the process holds `overall` places', () => {
    const gate = new HeavyWorkGate({ overall: 3, perUser: 2 });
    gate.enter(1);
    gate.enter(2);
    const last = gate.enter(3);
    const refused = refusal(() => gate.enter(4));
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe('Many downloads are being prepared right now: try again in a few seconds');
    last();
    gate.enter(4);
  });

  it('run gives the place back when the work fails, and Retry-After follows how long downloads take', async () => {
    const gate = new HeavyWorkGate({ overall: 4, perUser: 1 });
    await expect(gate.run(1, () => Promise.reject(new Error('drawing failed')))).rejects.toThrow('drawing failed');
    expect(gate.held(1)).toBe(0);
    expect(await gate.run(1, async () => 'pdf')).toBe('pdf');
    for (let i = 0; i < 20; i++) await gate.run(1, () => new Promise((r) => setTimeout(r, 1)));
    expect(gate.retryAfterSeconds()).toBe(1);
  });

  it('reads its limits from HEAVY_DOWNLOADS and HEAVY_DOWNLOADS_PER_USER, with sane defaults', () => {
    expect(heavyLimits({ HEAVY_DOWNLOADS: '6', HEAVY_DOWNLOADS_PER_USER: '1' })).toEqual({ overall: 6, perUser: 1 });
    const defaults = heavyLimits({ HEAVY_DOWNLOADS: 'many', HEAVY_DOWNLOADS_PER_USER: '0' });
    expect(defaults.perUser).toBe(2);
    expect(defaults.overall).toBeGreaterThanOrEqual(4);
  });
});

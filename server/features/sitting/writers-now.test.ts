import { describe, expect, it } from 'vitest';
import { reconnectSpreadSeconds } from './writers-now.js';

describe('reconnectSpreadSeconds', () => {
  it('spreads a reconnecting crowd at about 150 learners a second, within 1 to 60 s', () => {
    expect(reconnectSpreadSeconds(0)).toBe(1);
    expect(reconnectSpreadSeconds(30)).toBe(1);
    expect(reconnectSpreadSeconds(151)).toBe(2);
    // bench:offline's district: 4,500 learners back at one instant, each page flushing within 30 s, dropped no
    // connection (decision 089).
    expect(reconnectSpreadSeconds(4_500)).toBe(30);
    expect(reconnectSpreadSeconds(20_000)).toBe(60);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onReconnect, RECONNECT_SPREAD_MS, setReconnectSpread } from './reconnect.js';

const online = () => window.dispatchEvent(new Event('online'));
const offline = () => window.dispatchEvent(new Event('offline'));

describe('onReconnect', () => {
  beforeEach(() => {
    // These tests run in Node: the page's window is only the target of its online and offline events.
    vi.stubGlobal('window', new EventTarget());
    vi.useFakeTimers();
    // The spread a paper gave in an earlier test file of this worker stays set: these use the page's own default.
    setReconnectSpread(RECONNECT_SPREAD_MS / 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('acts at the page’s own moment within the spread after the network returns, once', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const listener = vi.fn();
    const stop = onReconnect(listener);
    online();
    vi.advanceTimersByTime(RECONNECT_SPREAD_MS / 2 - 1);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RECONNECT_SPREAD_MS);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('spreads the pages of a school over the whole spread', () => {
    const moments: number[] = [];
    const stops = [0, 0.25, 0.999].map((share) => {
      vi.spyOn(Math, 'random').mockReturnValueOnce(share);
      const start = Date.now();
      return onReconnect(() => moments.push(Date.now() - start));
    });
    online();
    vi.advanceTimersByTime(RECONNECT_SPREAD_MS);
    expect(moments).toEqual([0, RECONNECT_SPREAD_MS / 4, Math.floor(RECONNECT_SPREAD_MS * 0.999)]);
    for (const stop of stops) stop();
  });

  it('waits within the spread the server gave with the paper', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    setReconnectSpread(2);
    const listener = vi.fn();
    const stop = onReconnect(listener);
    online();
    vi.advanceTimersByTime(999);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing when the network goes again first, or after it stopped listening', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const listener = vi.fn();
    const stop = onReconnect(listener);
    online();
    offline();
    vi.advanceTimersByTime(RECONNECT_SPREAD_MS);
    expect(listener).not.toHaveBeenCalled();
    stop();
    online();
    vi.advanceTimersByTime(RECONNECT_SPREAD_MS);
    expect(listener).not.toHaveBeenCalled();
  });
});

import { vi } from 'vitest';

/**
 * Fakes the clock a component reads from `now`: Date, and with `timers` (the default) setTimeout and setInterval
 * too, moved on by `vi.advanceTimersByTime` inside act(). Nothing else is faked: React's scheduler runs on
 * setImmediate in Node, and a faked one would stop every update that is not wrapped in act().
 *
 * user-event (`user.click`, `user.type`) cannot run under faked timers: Testing Library ends each of its actions by
 * waiting on a real `setTimeout(0)`, which it moves on by itself for Jest's fake timers only. A test that types
 * while the timers are faked uses `fireEvent`; one that only needs today's date fakes Date alone
 * (`timers: false`).
 */
export function fakeClock(now: number | Date = Date.now(), { timers = true }: { timers?: boolean } = {}): void {
  vi.useFakeTimers({
    now,
    toFake: timers ? ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] : ['Date'],
  });
}

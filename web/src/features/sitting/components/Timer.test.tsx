import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../../../test/clock.js';
import { renderInLearnerPage } from '../../../test/render-learner.js';
import { Timer } from './Timer.js';

/**
 * The exam's time left: read from the server's deadline on the server's clock, ticking each second, heard by a
 * screen reader at 10, 5 and 1 minute left, and handing in once when it reaches nought.
 */

const NOW = Date.parse('2026-03-10T09:00:00.000Z');
const minutes = (n: number) => n * 60_000;

/** What the timer shows (its visible digits) and what a screen reader reads as its name. */
function shown() {
  const timer = screen.getByRole('timer');
  return { name: timer.getAttribute('aria-label'), digits: timer.textContent?.replace('Time left', '') };
}

const announcement = () => document.querySelector('[aria-live="polite"]')?.textContent;

function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('Timer', () => {
  beforeEach(() => {
    fakeClock(NOW);
  });

  it('shows the time left to the deadline, and counts down each second', () => {
    renderInLearnerPage(<Timer deadlineAt={NOW + minutes(45) + 7_000} clockOffset={0} onTimeUp={vi.fn()} />);
    expect(shown()).toEqual({ name: 'Time left: 45:07', digits: '45:07' });
    tick(1000);
    expect(shown().digits).toBe('45:06');
    tick(7000);
    expect(shown().digits).toBe('44:59');
  });

  it('an exam longer than an hour shows hours', () => {
    renderInLearnerPage(<Timer deadlineAt={NOW + minutes(90)} clockOffset={0} onTimeUp={vi.fn()} />);
    expect(shown().digits).toBe('1:30:00');
  });

  it("counts on the server's clock, not the device's: a device 5 minutes slow still sees the true time left", () => {
    // The server is 5 minutes ahead of this device: 30 minutes to the deadline by the device are 25 in truth.
    renderInLearnerPage(<Timer deadlineAt={NOW + minutes(30)} clockOffset={minutes(5)} onTimeUp={vi.fn()} />);
    expect(shown().digits).toBe('25:00');
  });

  it('tells a screen reader at 10, 5 and 1 minute left, not every second', () => {
    renderInLearnerPage(<Timer deadlineAt={NOW + minutes(10) + 2_000} clockOffset={0} onTimeUp={vi.fn()} />);
    expect(announcement()).toBe('');
    tick(1000);
    expect(announcement()).toBe('');
    tick(1000);
    expect(announcement()).toBe('10 minutes left.');
    tick(minutes(5));
    expect(announcement()).toBe('5 minutes left.');
    tick(minutes(4));
    expect(announcement()).toBe('1 minute left.');
  });

  it('at nought: says the answers are handed in, and calls time up once only', () => {
    const onTimeUp = vi.fn();
    renderInLearnerPage(<Timer deadlineAt={NOW + 3_000} clockOffset={0} onTimeUp={onTimeUp} />);
    tick(2000);
    expect(onTimeUp).not.toHaveBeenCalled();
    expect(shown().digits).toBe('0:01');
    tick(1000);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    expect(shown().digits).toBe('0:00');
    expect(announcement()).toBe('Time is up. Your answers are being handed in.');
    tick(10_000);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    // Never a negative time.
    expect(shown().digits).toBe('0:00');
  });

  it('a learner who opens the page after the deadline is handed in at once', () => {
    const onTimeUp = vi.fn();
    renderInLearnerPage(<Timer deadlineAt={NOW - 60_000} clockOffset={0} onTimeUp={onTimeUp} />);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    expect(shown().digits).toBe('0:00');
  });

  it('extra time (a later deadline) moves the count on, and time up waits for it', () => {
    const onTimeUp = vi.fn();
    const { rerender } = renderInLearnerPage(<Timer deadlineAt={NOW + 60_000} clockOffset={0} onTimeUp={onTimeUp} />);
    tick(30_000);
    expect(shown().digits).toBe('0:30');
    rerender(<Timer deadlineAt={NOW + minutes(11)} clockOffset={0} onTimeUp={onTimeUp} />);
    expect(shown().digits).toBe('10:30');
    tick(60_000);
    expect(onTimeUp).not.toHaveBeenCalled();
    expect(shown().digits).toBe('9:30');
  });
});

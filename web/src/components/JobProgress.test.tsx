import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.js';
import { JobProgress, type JobView } from './JobProgress.js';

/**
 * The one progress display of a long job: "n of m" and the phase while it runs, what it did or why it failed once it
 * has ended, and one notification when it ends while the page is open (never for a job that had ended before).
 */

const phases = { pdf: { label: 'Printing each school’s PDF', of: 'certificates' }, saving: 'Saving' };
const running = (done: number): JobView => ({ id: 4, status: 'running', phase: 'pdf', done, total: 312 });
const done: JobView = {
  id: 4,
  status: 'done',
  phase: 'done',
  done: 312,
  total: 312,
  message: '312 certificates generated for 12 schools',
  finishedAt: '2026-03-03T08:30:00.000Z',
};

const show = (job: JobView | null | undefined) => (
  <JobProgress job={job} label="Generation progress" phases={phases} failedTitle="The certificates were not made" />
);

// Notifications live in one store for the whole run: each test starts with none.
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

describe('JobProgress', () => {
  it('shows how far a running job is, with its phase, as a bar and in words', () => {
    renderWithApp(show(running(120)));
    const bar = screen.getByRole('progressbar', { name: 'Generation progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('38');
    expect(screen.getByText('Printing each school’s PDF: 120 of 312 certificates')).toBeTruthy();
  });

  it('says once, in green, what the job did when it ends while the page is open', async () => {
    const { rerender } = renderWithApp(show(running(120)));
    rerender(show(running(300)));
    expect(screen.queryByText('Done')).toBeNull();
    rerender(show(done));
    expect(await screen.findByText('Done')).toBeTruthy();
    // The notification and the line under the bar say the same: what the job did.
    expect(screen.getAllByText(/^312 certificates generated for 12 schools/)).toHaveLength(2);
    rerender(show({ ...done }));
    expect(screen.getAllByText('Done')).toHaveLength(1);
  });

  it('says nothing of a job that had ended before the page looked', () => {
    renderWithApp(show(done));
    expect(screen.getByText('312 certificates generated for 12 schools (Tue, 3 Mar 2026, 10:30 SAST)')).toBeTruthy();
    expect(screen.queryByText('Done')).toBeNull();
  });

  it('tells of a new job that started and ended between two looks', async () => {
    const { rerender } = renderWithApp(show(null));
    rerender(show(undefined));
    rerender(show({ ...done, id: 5 }));
    expect(await screen.findByText('Done')).toBeTruthy();
  });

  it('says in red why it failed, headed as the page asks', async () => {
    const { rerender } = renderWithApp(show({ id: 6, status: 'queued', done: 0, total: 0 }));
    expect(screen.getByText('Waiting to start…')).toBeTruthy();
    rerender(show({ id: 6, status: 'failed', done: 0, total: 0, error: 'The results are not published yet' }));
    expect(await screen.findByText('The certificates were not made')).toBeTruthy();
    expect(screen.getByText('The results are not published yet')).toBeTruthy();
    expect(screen.getByText('Failed: The results are not published yet')).toBeTruthy();
  });

  it('stays quiet in a list of jobs, which shows each end in place', () => {
    const { rerender } = renderWithApp(<JobProgress job={running(1)} label="Progress" notify={false} />);
    rerender(<JobProgress job={done} label="Progress" notify={false} />);
    expect(screen.queryByText('Done')).toBeNull();
  });
});

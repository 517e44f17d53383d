import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JobList, type JobSummary } from '#contract/jobs';
import { ok, type SentRequest, stubApi } from '../../../test/api.js';
import { routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { jobsRoutes } from '../routes.js';
import { JobsPage } from './JobsPage.js';

/**
 * The olympiad's background jobs for its admins: each one's state, its progress while it runs and what it did or why
 * it failed, newest first, narrowed by state. Only the network is stubbed.
 */

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

const base = {
  phase: null,
  done: 0,
  total: 0,
  message: null,
  error: null,
  startedBy: 'Anna Admin',
  schoolName: null,
  createdAt: '2026-03-03T06:00:00.000Z',
  startedAt: '2026-03-03T06:00:01.000Z',
  finishedAt: null,
};
const generating: JobSummary = {
  ...base,
  id: 12,
  kind: 'certificates.generate',
  kindName: 'Certificate generation',
  label: 'Certificates of Geography Olympiad 2026',
  status: 'running',
  phase: 'pdf',
  done: 120,
  total: 312,
};
const imported: JobSummary = {
  ...base,
  id: 9,
  kind: 'learners.import',
  kindName: 'Learner import',
  label: 'class-10.csv',
  status: 'done',
  done: 2,
  total: 2,
  message: '2 learners are loaded. Download their sign-in slips next.',
  schoolName: 'Hoërskool Waterkloof',
  startedBy: 'Thandi Teacher',
  finishedAt: '2026-03-02T09:15:00.000Z',
};
const failed: JobSummary = {
  ...base,
  id: 8,
  kind: 'invoices.issue-all',
  kindName: 'Issuing every invoice',
  label: 'Invoices for 2 schools',
  status: 'failed',
  error: 'This olympiad has no invoicing account yet',
  startedBy: null,
  finishedAt: '2026-03-01T10:00:00.000Z',
};

function jobs(request: SentRequest) {
  const status = request.query.get('status');
  const items = [generating, imported, failed].filter((j) => !status || j.status === status);
  return ok(JobList, { success: true, items, total: items.length, page: 1, pageSize: 25 });
}

function show() {
  const route = jobsRoutes[0]!;
  return renderWithApp(<JobsPage />, { path: '/geo-2026/admin/reports/jobs', route: route.path, handle: route });
}

describe('JobsPage', () => {
  it('lists the jobs newest first with their state, progress and outcome', async () => {
    const sent = stubApi({ ...routeOlympiad, 'GET /olympiad/jobs/3': jobs });
    show();
    const table = await screen.findByRole('table', { name: 'Background jobs' });
    await within(table).findByText('Certificate generation');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const [, first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Certificate generation')).toBeTruthy();
    expect(within(first).getByText('Running')).toBeTruthy();
    expect(within(first).getByText('Printing each school’s PDF: 120 of 312 certificates')).toBeTruthy();
    expect(
      within(first)
        .getByRole('progressbar', { name: 'Progress of certificate generation 12' })
        .getAttribute('aria-valuenow'),
    ).toBe('38');
    expect(within(second).getByText('class-10.csv · Hoërskool Waterkloof')).toBeTruthy();
    expect(within(second).getByText(/^2 learners are loaded/)).toBeTruthy();
    expect(within(second).getByText('by Thandi Teacher')).toBeTruthy();
    expect(within(third).getByText('Failed: This olympiad has no invoicing account yet')).toBeTruthy();
    expect(within(third).getByText('by the platform')).toBeTruthy();
    const asked = sent.find((r) => r.path === '/olympiad/jobs/3')!;
    expect(Object.fromEntries(asked.query)).toMatchObject({ sort: 'createdAt', order: 'desc' });
    // A list of jobs shows each end in place; it raises no notification of its own.
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('narrows the list to one state', async () => {
    const sent = stubApi({ ...routeOlympiad, 'GET /olympiad/jobs/3': jobs });
    const { user } = show();
    const table = await screen.findByRole('table', { name: 'Background jobs' });
    await within(table).findByText('Certificate generation');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(within(table).queryByText('Certificate generation')).toBeNull());
    expect(within(table).getByText('Issuing every invoice')).toBeTruthy();
    expect(sent.filter((r) => r.path === '/olympiad/jobs/3').map((r) => r.query.get('status'))).toContain('failed');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OlympiadRecord, OlympiadResultBody, VerifyResult } from '#contract/olympiads';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { OpenAndCheck } from './OpenAndCheck.js';

/**
 * The settings page's open section: the olympiad check before the Open button, each blocker linked to where it is
 * fixed, and Open disabled with the reason while anything blocks it. Only the network is stubbed.
 */

const olympiad = OlympiadRecord.parse({
  id: 3,
  translations: {},
  projectId: 1,
  projectName: 'geography',
  subProjectId: null,
  varName: 'geo-2026',
  title: 'Geography Olympiad 2026',
  year: 2026,
  kind: 'school',
  open: false,
  pinned: false,
  startsAt: '2026-05-14T06:00:00.000Z',
  endsAt: '2026-05-14T15:00:00.000Z',
  durationMinutes: 60,
  feeCents: 3500,
  currency: 'ZAR',
  teamSize: 4,
  minGrade: 8,
  maxGrade: 12,
  instructions: '',
  declaration: '',
  shuffleOptions: false,
  showScore: false,
  paymentRequired: false,
  languages: ['en'],
  defaultLanguage: 'en',
  updatedAt: '2026-03-01T08:00:00.000Z',
  can: { edit: true, editAll: false, open: true, pin: true, grant: false },
});

const check = (blockers: VerifyResult['blockers']) =>
  ok(VerifyResult, {
    success: true,
    olympiadId: 3,
    ready: blockers.length === 0,
    blockers,
    counts: { modules: 1, questions: 2, verified: 2 - blockers.length },
    openedDespite: null,
    payment: { required: false, blockedSchools: [] },
  });

const unverified = (n: number, questionId: number) => ({
  kind: 'question_unverified' as const,
  message: `Module 1, question ${n} (“Which province is largest?”) is not verified`,
  moduleId: 7,
  questionId,
});

describe('OpenAndCheck', () => {
  it('lists the blockers with links to fix them, and disables Open with the reason', async () => {
    const sent = stubApi({ 'GET /olympiad/verify/3': check([unverified(1, 41), unverified(2, 42)]) });
    renderWithApp(<OpenAndCheck olympiad={olympiad} />);

    const panel = await screen.findByTestId('verify-check');
    expect(panel.dataset.ready).toBe('false');
    within(panel).getByText('2 questions are not verified');
    const links = within(panel).getAllByRole('link', { name: 'Verify it' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/geo-2026/admin/reports/verify-questions#question-41',
      '/geo-2026/admin/reports/verify-questions#question-42',
    ]);
    const open = screen.getByRole('button', { name: 'Open' });
    expect((open as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(open.getAttribute('aria-describedby')!)?.textContent).toBe(
      'It cannot open while 2 things block it. Fix what the check lists first.',
    );
    expect(sent.map((r) => r.path)).toEqual(['/olympiad/verify/3']);
  });

  it('with a clean check, Open is enabled and opens after the confirmation', async () => {
    const sent = stubApi({
      'GET /olympiad/verify/3': check([]),
      'GET /olympiad/api/set-olympiad-open/3/true': ok(OlympiadResultBody, {
        success: true,
        olympiad: { ...olympiad, open: true },
      }),
    });
    const { user } = renderWithApp(<OpenAndCheck olympiad={olympiad} />);

    await screen.findByText('Nothing blocks opening.');
    const open = screen.getByRole('button', { name: 'Open' });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    await user.click(open);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Open olympiad' }));
    await waitFor(() =>
      expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('GET /olympiad/api/set-olympiad-open/3/true'),
    );
  });
});

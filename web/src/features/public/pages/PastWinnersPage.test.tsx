import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectResult, PastWinnersList, type PastWinner, type WinnersDisplay } from '#contract/public';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { PastWinnersPage } from './PastWinnersPage.js';

/**
 * The public past-winners page on a phone (360 px): every winner is a row of a list that wraps, so the place, the
 * learner, the whole school name, the grade and the award are all read there, with no sideways scroll to find them.
 */

const viewport = (width: number) =>
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport(
    { width, height: 740 },
  );

const school = 'Hoërskool Dr. Malan Hoër Tegniese Skool vir Natuurwetenskappe';
const winner = (rank: number, extra: Partial<PastWinner> = {}): PastWinner => ({
  rank,
  gradeRank: 1,
  grade: 11,
  award: rank === 1 ? 'gold' : 'silver',
  awardLabel: rank === 1 ? 'Gold' : 'Silver',
  name: rank === 1 ? 'Thandiwe Mokoena' : 'Pieter van der Merwe',
  school,
  ...extra,
});

function show(display: WinnersDisplay) {
  const names = display !== 'school_only';
  const top = [winner(1), winner(2, { grade: 12 })].map((w) => ({ ...w, name: names ? w.name : null }));
  stubApi({
    'GET /olympus-suite/api/project/geography': ok(ProjectResult, {
      success: true,
      project: {
        id: 1,
        projectName: 'geography',
        title: 'Geography Olympiad',
        seoTitle: 'Geography Olympiad',
        shareTitle: 'Geography Olympiad',
        description: 'The geography olympiad.',
        keywords: 'geography',
        olympiads: [],
      },
    }),
    'GET /website/api/past-winners/geography': ok(PastWinnersList, {
      success: true,
      items: [
        {
          olympiad: {
            id: 9,
            varName: 'geo-2025',
            title: 'Geography Olympiad 2025',
            year: 2025,
            kind: 'school',
            startsAt: '2025-05-14T06:00:00.000Z',
            endsAt: '2025-05-14T15:00:00.000Z',
            schools: 2,
            learners: 60,
            resultsPublishedAt: '2025-06-01T08:00:00.000Z',
          },
          display,
          awards: [
            { key: 'gold', label: 'Gold', count: 1 },
            { key: 'silver', label: 'Silver', count: 1 },
          ],
          top,
          grades: [{ grade: 11, winners: [top[0]!] }],
        },
      ],
      total: 1,
      page: 1,
      pageSize: 5,
    }),
  });
  return renderWithApp(<PastWinnersPage />, {
    path: '/geography/past-winners',
    route: '/:projectName/past-winners',
  });
}

describe('PastWinnersPage on a phone', () => {
  beforeEach(() => viewport(360));
  afterEach(() => viewport(1024));

  it('each winner reads as one row: place, learner, the whole school name, grade and award', async () => {
    show('full_name');
    const top = await screen.findByRole('list', { name: 'The top of the olympiad' });
    const rows = within(top).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      `Place 1Thandiwe Mokoena${school}Grade 11Gold`,
      `Place 2Pieter van der Merwe${school}Grade 12Silver`,
    ]);
    // Nothing of a row lies in a table that scrolls sideways.
    expect(screen.queryByRole('table')).toBeNull();
    const grade = screen.getByRole('list', { name: 'Grade 11' });
    expect(within(grade).getByRole('listitem').textContent).toBe(`Place 1Thandiwe Mokoena${school}Gold`);
  });

  it('school only: no names, the school and the award still on each row', async () => {
    show('school_only');
    const top = await screen.findByRole('list', { name: 'The top of the olympiad' });
    expect(within(top).getAllByRole('listitem')[0]!.textContent).toBe(`Place 1${school}Grade 11Gold`);
    expect(screen.queryByText('Thandiwe Mokoena')).toBeNull();
  });
});

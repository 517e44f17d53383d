import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionsByLanguageReport } from '#contract/reports';
import { ok, stubApi } from '../../../test/api.js';
import { geo2026, routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { QuestionsByLanguagePage } from './QuestionsByLanguagePage.js';

/** The report page names the question harder in Afrikaans, says why, and marks the anchor as untested. */

const share = (language: 'en' | 'af', correct: number) => ({
  language,
  attempts: 60,
  correct,
  shareCorrect: Math.round((correct / 60) * 1000) / 1000,
});
const item = (id: number, rest: Partial<QuestionsByLanguageReport['items'][number]>) => ({
  questionId: id,
  moduleTitle: 'Kaarte',
  questionIndex: id - 1,
  prompt: `Question ${id}`,
  languages: [share('en', 48), share('af', 24)],
  difference: 0.4,
  z: null,
  p: null,
  verdict: 'within_chance' as const,
  harderIn: null,
  ...rest,
});

function show(report: QuestionsByLanguageReport) {
  stubApi({
    ...routeOlympiad,
    [`GET /olympiad/reports/questions-by-language/${geo2026.id}`]: ok(QuestionsByLanguageReport, report),
  });
  return renderWithApp(<QuestionsByLanguagePage />, {
    path: '/geo-2026/admin/reports/questions-by-language',
    route: '/:olympiadName/admin/reports/questions-by-language',
  });
}

const base = {
  success: true as const,
  olympiadId: geo2026.id,
  languages: ['en', 'af'] as ('en' | 'af')[],
  split: true,
  significance: 0.01,
  minAttempts: 30,
  attempts: [
    { language: 'en' as const, attempts: 60 },
    { language: 'af' as const, attempts: 60 },
  ],
};

describe('QuestionsByLanguagePage', () => {
  it('flags the question harder in Afrikaans, explains the test, and leaves the anchor untested', async () => {
    show({
      ...base,
      items: [
        item(1, { verdict: 'differs', harderIn: 'af', z: 4.472, p: 0.00000774 }),
        item(2, { languages: [share('en', 45), share('af', 40)], difference: 0.083, z: 0.98, p: 0.327 }),
        item(3, { verdict: 'anchor' }),
      ],
    });
    expect(await screen.findByText('1 question to check')).toBeTruthy();
    expect(screen.getByText('Kaarte Q1 (harder in Afrikaans)')).toBeTruthy();
    expect(screen.getByText('Harder in Afrikaans')).toBeTruthy();
    expect(screen.getByText('Within chance')).toBeTruthy();
    expect(screen.getByText('Anchor: same words')).toBeTruthy();
    expect(screen.getByText('< 0.0001')).toBeTruthy();
    expect(screen.getByText(/two-proportion test gives p below 0.01/)).toBeTruthy();
    expect(screen.getByText('English: 60 finished attempts · Afrikaans: 60 finished attempts')).toBeTruthy();
  });

  it('says an olympiad of one language has nothing to compare', async () => {
    show({ ...base, languages: ['en'], split: false, attempts: [{ language: 'en', attempts: 3 }], items: [] });
    expect(await screen.findByText(/written in one language/)).toBeTruthy();
  });
});

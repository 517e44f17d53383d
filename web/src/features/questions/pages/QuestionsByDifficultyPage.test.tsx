import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DifficultyReport } from '#contract/authoring';
import { QuestionsByLanguageReport } from '#contract/reports';
import { ok, stubApi, type SentRequest } from '../../../test/api.js';
import { geo2026, routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { QuestionsByDifficultyPage } from './QuestionsByDifficultyPage.js';

/**
 * The organiser's item analysis: the paper's figures above the questions, each question's facility and indexes,
 * its options with their flags, plain words for each figure, a grade chosen (the olympiad's grades only) and the
 * downloads of that grade.
 */

const path = `/olympiad/reports/questions-by-difficulty/${geo2026.id}`;

const item = {
  moduleId: 7,
  moduleIndex: 0,
  moduleTitle: 'Maps',
  marks: 1,
  difficulty: null,
};

function report(grade: number | null, attempts: number) {
  const enough = attempts >= 10;
  return ok(DifficultyReport, {
    success: true,
    olympiadId: geo2026.id,
    grade,
    attempts,
    groupSize: Math.floor(attempts * 0.27),
    paper: {
      attempts,
      questions: 2,
      maxMarks: 2,
      mean: 1.5,
      sd: 0.8,
      alpha: enough ? 0.62 : null,
      sem: enough ? 0.49 : null,
      dichotomous: true,
      minAttempts: 10,
    },
    items: [
      {
        ...item,
        questionId: 1,
        questionIndex: 0,
        type: 'single',
        prompt: 'Which river is the longest?',
        answered: attempts,
        shareCorrect: 0.75,
        facility: 0.75,
        sd: 0.44,
        discriminationIndex: enough ? 0.41 : null,
        discrimination: enough ? 0.67 : null,
        choices: [
          { id: 'a', label: 'Orange', count: 9, share: 0.75, topShare: 1, bottomShare: 0.33, correct: true, flags: [] },
          { id: 'b', label: 'Vaal', count: 3, share: 0.25, topShare: 0, bottomShare: 0.67, correct: false, flags: [] },
          {
            id: 'c',
            label: 'Tugela',
            count: 0,
            share: 0,
            topShare: 0,
            bottomShare: 0,
            correct: false,
            flags: ['nobody_chose'],
          },
        ],
        flags: [],
      },
      {
        ...item,
        questionId: 2,
        questionIndex: 1,
        type: 'single',
        prompt: 'Which city is furthest north?',
        answered: attempts,
        shareCorrect: 0.5,
        facility: 0.5,
        sd: 0.52,
        discriminationIndex: enough ? -0.3 : null,
        discrimination: enough ? -0.67 : null,
        choices: [
          { id: 'a', label: 'Polokwane', count: 6, share: 0.5, topShare: 0, bottomShare: 1, correct: true, flags: [] },
          {
            id: 'b',
            label: 'Pretoria',
            count: 6,
            share: 0.5,
            topShare: 1,
            bottomShare: 0,
            correct: false,
            flags: ['top_group_prefers'],
          },
        ],
        flags: ['negative_discrimination'],
      },
    ],
  });
}

/** The split by language: none for a paper of one language, else one question flagged as harder in Afrikaans. */
function byLanguage(split: boolean) {
  const share = (language: 'en' | 'af', attempts: number, correct: number) => ({
    language,
    attempts,
    correct,
    shareCorrect: Math.round((correct / attempts) * 1000) / 1000,
  });
  return ok(QuestionsByLanguageReport, {
    success: true,
    olympiadId: geo2026.id,
    languages: split ? ['en', 'af'] : ['en'],
    split,
    significance: 0.01,
    minAttempts: 30,
    attempts: split
      ? [
          { language: 'en', attempts: 120 },
          { language: 'af', attempts: 80 },
        ]
      : [{ language: 'en', attempts: 12 }],
    items: split
      ? [
          {
            questionId: 1,
            moduleTitle: 'Maps',
            questionIndex: 0,
            prompt: 'Which river is the longest?',
            languages: [share('en', 120, 96), share('af', 80, 36)],
            difference: 0.35,
            z: 5.1,
            p: 0.00001,
            verdict: 'differs',
            harderIn: 'af',
          },
        ]
      : [],
  });
}

function show({ split = false }: { split?: boolean } = {}) {
  const sent = stubApi({
    ...routeOlympiad,
    [`GET /olympiad/reports/questions-by-language/${geo2026.id}`]: () => byLanguage(split),
    [`POST ${path}`]: (r: SentRequest) => {
      if (r.query.get('format')) return { status: 200, body: {} };
      const grade = r.query.get('grade');
      return grade ? report(Number(grade), 3) : report(null, 12);
    },
  });
  const view = renderWithApp(<QuestionsByDifficultyPage />, {
    path: '/geo-2026/admin/reports/questions-by-difficulty',
    route: '/:olympiadName/admin/reports/questions-by-difficulty',
  });
  return { sent, ...view };
}

describe('QuestionsByDifficultyPage', () => {
  it("shows the paper's reliability above the questions, with what each figure means", async () => {
    show();
    const paper = await screen.findByRole('region', { name: 'The paper, all grades' });
    expect(within(paper).getByText('Reliability (KR-20)')).toBeTruthy();
    expect(within(paper).getByText('0.62')).toBeTruthy();
    expect(within(paper).getByText(/^Below 0\.7: the totals are partly chance/)).toBeTruthy();
    expect(within(paper).getByText('1.5 of 2')).toBeTruthy();
    expect(within(paper).getByText('0.49 marks')).toBeTruthy();
    const meaning = screen.getByRole('region', { name: 'What the figures mean' });
    expect(within(meaning).getByText(/negative means weaker learners did better than stronger ones/)).toBeTruthy();
    expect(
      within(meaning).getByText(/Under 0\.7 the totals, and the ranks built on them, are partly chance/),
    ).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Questions by difficulty' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('75 %')).toBeTruthy();
    expect(within(first!).getByText('0.41')).toBeTruthy();
    expect(within(first!).getByText('0.44 marks')).toBeTruthy();
    expect(within(first!).getByText('✓ Orange: 9 (75 %); top 100 %, bottom 33 %')).toBeTruthy();
    expect(within(first!).getByText('Nobody chose it')).toBeTruthy();
    expect(within(second!).getByText('-0.30')).toBeTruthy();
    expect(within(second!).getByText('The top group chose it more often than the key')).toBeTruthy();
    expect(within(second!).getByText('Weaker learners did better than stronger ones')).toBeTruthy();
  });

  it("offers the olympiad's grades, and says when a grade has too few attempts for reliability", async () => {
    const { sent, user } = show();
    await screen.findByRole('region', { name: 'The paper, all grades' });
    await user.click(screen.getByRole('combobox', { name: 'Grade' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['All grades', 'Grade 8', 'Grade 9', 'Grade 10', 'Grade 11', 'Grade 12']);
    await user.click(screen.getByRole('option', { name: 'Grade 10' }));
    const paper = await screen.findByRole('region', { name: 'The paper, grade 10' });
    expect(within(paper).getByText('Too few attempts for reliability')).toBeTruthy();
    expect(within(paper).getByText(/Only 3 finished attempts in grade 10\. .* need at least 10/)).toBeTruthy();
    expect(sent.filter((r) => r.path === path).map((r) => r.query.get('grade'))).toEqual([null, '10']);
  });

  it('downloads the grade chosen as xlsx, and its options as csv', async () => {
    const { sent, user } = show();
    await screen.findByRole('region', { name: 'The paper, all grades' });
    await user.click(screen.getByRole('combobox', { name: 'Grade' }));
    await user.click(await screen.findByRole('option', { name: 'Grade 11' }));
    await screen.findByRole('region', { name: 'The paper, grade 11' });
    await user.click(screen.getByRole('button', { name: 'Download xlsx of the questions by difficulty' }));
    await user.click(screen.getByRole('button', { name: 'Download options csv' }));
    await waitFor(() => expect(sent.filter((r) => r.query.get('format')).length).toBe(2));
    const files = sent.filter((r) => r.query.get('format')).map((r) => Object.fromEntries(r.query));
    expect(files).toEqual([
      { format: 'xlsx', grade: '11' },
      { format: 'csv', grade: '11', table: 'options' },
    ]);
  });

  it('says nothing of languages beside the item analysis of a paper written in one', async () => {
    show();
    await screen.findByRole('region', { name: 'The paper, all grades' });
    expect(screen.queryByRole('region', { name: 'By language' })).toBeNull();
  });

  it('shows the split by language when the paper was written in two', async () => {
    show({ split: true });
    const split = await screen.findByRole('region', { name: 'By language' });
    expect(within(split).getByText('Harder in Afrikaans')).toBeTruthy();
    expect(within(split).getByText('Which river is the longest?')).toBeTruthy();
  });
});

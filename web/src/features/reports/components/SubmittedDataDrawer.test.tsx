import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubmittedData } from '#contract/index';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { SubmittedDataDrawer } from './SubmittedDataDrawer.js';

/** A learner's submitted answers: a part-marked answer reads as partly right, with the key's points (decision 082). */
describe('SubmittedDataDrawer: part marks', () => {
  it('shows 1.5 / 2 as partly right and the points beneath the key; full marks are not called partly right', async () => {
    const options = [
      { id: 'a', text: 'Limpopo' },
      { id: 'b', text: 'Gauteng' },
      { id: 'c', text: 'Lesotho' },
    ];
    const answer = (questionId: number, marksAwarded: number, answerKey: unknown, optionIds: string[]) => ({
      questionId,
      moduleId: 1,
      type: 'multiple',
      prompt: `<p>Question ${questionId}</p>`,
      marks: 2,
      value: { type: 'multiple', optionIds },
      flagged: false,
      savedAt: '2026-03-03T10:00:00.000Z',
      marksAwarded,
      answerKey,
      options,
    });
    const mapped = {
      type: 'multiple',
      correct: ['a', 'b'],
      mapping: {
        entries: [
          { response: 'a', points: 1 },
          { response: 'b', points: 1 },
          { response: 'c', points: -1 },
        ],
        defaultValue: 0,
        lowerBound: 0,
        upperBound: null,
      },
    };
    stubApi({
      'GET /participant/get-submitted-data/7': ok(SubmittedData, {
        success: true,
        learner: { id: 7, username: 'ayanda', name: 'Ayanda Zulu', schoolName: 'Hoërskool' },
        attempt: null,
        answers: [
          answer(1, 1.5, mapped, ['a', 'b', 'c']),
          answer(2, 2, { type: 'multiple', correct: ['a', 'b'] }, ['a', 'b']),
        ],
      }),
    });
    renderWithApp(<SubmittedDataDrawer learnerId={7} onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Answers' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText(/1\.5 \/ 2/)).toBeTruthy();
    expect(within(first!).getByText('partly right')).toBeTruthy();
    expect(within(first!).getByText('Points: Limpopo 1, Gauteng 1, Lesotho −1; any other option 0')).toBeTruthy();
    expect(within(second!).queryByText('partly right')).toBeNull();
    expect(within(second!).queryByText(/^Points:/)).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionRecord } from '#contract/authoring';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { person } from '../../../test/user.js';
import { QuestionBody } from '../api/save-question.js';
import { QuestionEditor } from './QuestionEditor.js';

/**
 * The editor's partial credit (decision 082): a switch per multiple-choice, short-text and number question, the
 * points per option or accepted answer, the default and the bounds, checked by the contract as the server checks
 * them, and the points in words beside the preview.
 */
const props = {
  olympiadId: 3,
  moduleId: 11,
  moduleTitle: 'Maps',
  moduleIndex: 0,
  questionIndex: 0,
  questionCount: 1,
  onDone: () => {},
};

const record = (fields: Partial<QuestionRecord>) =>
  QuestionRecord.parse({
    id: 21,
    translations: {},
    moduleId: 11,
    position: 1,
    type: 'multiple',
    prompt: '<p>Which are provinces?</p>',
    imageUrl: null,
    imageAlt: '',
    options: [
      { id: 'a', text: 'Limpopo', imageUrl: null },
      { id: 'b', text: 'Gauteng', imageUrl: null },
      { id: 'c', text: 'Lesotho', imageUrl: null },
    ],
    imageWidth: null,
    imageHeight: null,
    targets: [],
    gapText: '',
    maxChoices: 1,
    shuffle: true,
    answerKey: { type: 'multiple', correct: ['a', 'b'] },
    marks: 2,
    difficulty: null,
    retired: false,
    verified: false,
    verifiedBy: null,
    lastEditedBy: null,
    lastEditedById: null,
    answerCount: 0,
    updatedAt: '2026-03-03T10:00:00.000Z',
    can: { edit: true, verify: false },
    ...fields,
  });

const points = (name: string) => screen.getByRole('textbox', { name: `Points for ${name}` });

describe('QuestionEditor: partial credit', () => {
  it('multiple choice: switched on, the marks are shared among the ticked options; the points are saved', async () => {
    const me = person();
    const q = record({});
    const sent = stubApi({ 'PUT /question/v-rest/21': () => ok(QuestionBody, { success: true, question: q }) });
    renderWithApp(<QuestionEditor {...props} question={q} />);
    expect(screen.queryByRole('table', { name: 'Points per option' })).toBeNull();
    await me.click(screen.getByRole('switch', { name: /Partial credit/ }));
    expect(points('Option A')).toHaveProperty('value', '1');
    expect(points('Option B')).toHaveProperty('value', '1');
    expect(points('Option C')).toHaveProperty('value', '');
    await me.type(points('Option C'), '-1');
    await me.type(screen.getByRole('textbox', { name: 'Points for an option without points' }), '{Backspace}-0.5');
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]!.body as { answerKey: unknown }).answerKey).toEqual({
      type: 'multiple',
      correct: ['a', 'b'],
      mapping: {
        entries: [
          { response: 'a', points: 1 },
          { response: 'b', points: 1 },
          { response: 'c', points: -1 },
        ],
        defaultValue: -0.5,
        lowerBound: 0,
        upperBound: null,
      },
    });
  });

  it('refuses points whose best answer is not the marks, and bounds out of order, before sending', async () => {
    const me = person();
    const sent = stubApi({});
    renderWithApp(<QuestionEditor {...props} question={record({})} />);
    await me.click(screen.getByRole('switch', { name: /Partial credit/ }));
    await me.clear(points('Option B'));
    await me.type(points('Option B'), '2');
    await me.type(screen.getByRole('textbox', { name: 'Lowest score' }), '{Backspace}1');
    await me.type(screen.getByRole('textbox', { name: /Highest score/ }), '0.5');
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    expect(
      await screen.findByText('The best answer scores 1 by its points; give the question 1 mark or change the points'),
    ).toBeTruthy();
    expect(screen.getByText('Make the highest score at least the lowest')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('short text: a row of points for each accepted answer, the marks until changed; the preview says them', async () => {
    const me = person();
    const q = record({
      type: 'short_text',
      options: [],
      answerKey: {
        type: 'short_text',
        accepted: ['New York', 'York'],
        mapping: {
          entries: [
            { response: 'New York', points: 2 },
            { response: 'York', points: 1 },
          ],
          defaultValue: 0,
          lowerBound: 0,
          upperBound: null,
        },
      },
    });
    renderWithApp(<QuestionEditor {...props} question={q} />);
    expect(screen.getByRole('switch', { name: /Partial credit/ })).toHaveProperty('checked', true);
    const table = screen.getByRole('table', { name: 'Points per accepted answer' });
    expect(within(table).getByRole('textbox', { name: 'Points for “New York”' })).toHaveProperty('value', '2');
    expect(within(table).getByRole('textbox', { name: 'Points for “York”' })).toHaveProperty('value', '1');
    await me.type(screen.getByRole('textbox', { name: /Accepted answers/ }), '\nYork City');
    expect(points('“York City”')).toHaveProperty('value', '2');
    await me.click(screen.getByRole('button', { name: 'Preview as a learner' }));
    expect(screen.getByLabelText('How it is marked').textContent).toBe(
      'Points: “New York” 2, “York” 1, “York City” 2; any other answer 0',
    );
  });

  it('a number: the wider tolerance and its marks', async () => {
    const me = person();
    renderWithApp(
      <QuestionEditor
        {...props}
        question={record({
          type: 'numeric',
          options: [],
          marks: 3,
          answerKey: { type: 'numeric', value: 100, tolerance: 5 },
        })}
      />,
    );
    await me.click(screen.getByRole('switch', { name: /Partial credit/ }));
    await me.type(screen.getByRole('textbox', { name: 'Wider tolerance (±)' }), '4');
    await me.type(screen.getByRole('textbox', { name: 'Marks within the wider tolerance' }), '1');
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    expect(await screen.findByText('Make the wider tolerance wider than the tolerance')).toBeTruthy();
  });
});

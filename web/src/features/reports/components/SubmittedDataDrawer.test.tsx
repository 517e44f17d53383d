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

/** The seven interactions of decision 084 read in words, the answer and the key alike: never ids or JSON. */
describe('SubmittedDataDrawer: the interactions in words', () => {
  const provinces = [
    { id: 'a', text: 'Limpopo' },
    { id: 'b', text: 'Gauteng' },
  ];
  const row = (
    questionId: number,
    type: string,
    value: unknown,
    answerKey: unknown,
    more: { options?: { id: string; text: string }[]; targets?: { id: string; text: string }[]; gapText?: string } = {},
  ) => ({
    questionId,
    moduleId: 1,
    type,
    prompt: `<p>Question ${questionId}</p>`,
    marks: 2,
    value,
    flagged: false,
    savedAt: '2026-03-03T10:00:00.000Z',
    marksAwarded: 0,
    answerKey,
    options: provinces,
    targets: [],
    gapText: '',
    ...more,
  });
  const places = [
    { id: 'p1', text: '' },
    { id: 'p2', text: '' },
  ];
  const capitals = [
    { id: 'r1', text: 'Polokwane' },
    { id: 'r2', text: 'Johannesburg' },
  ];
  const keyArea = { id: 'a', area: { shape: 'rect', x: 400, y: 200, w: 50, h: 50 } };

  async function shown(answers: ReturnType<typeof row>[]) {
    stubApi({
      'GET /participant/get-submitted-data/7': ok(SubmittedData, {
        success: true,
        learner: { id: 7, username: 'ayanda', name: 'Ayanda Zulu', schoolName: null },
        attempt: null,
        answers,
      }),
    });
    renderWithApp(<SubmittedDataDrawer learnerId={7} onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Answers' });
    const [, ...rows] = within(table).getAllByRole('row');
    // The cells: question, answer, key, marks, saved.
    return { table, cells: rows.map((r) => within(r).getAllByRole('cell')) };
  }

  it('pairs, an order, a point, areas and the words in their gaps', async () => {
    const { table, cells } = await shown([
      row(1, 'hotspot', { type: 'hotspot', optionIds: ['b'] }, { type: 'hotspot', correct: ['a', 'b'] }),
      row(
        2,
        'select_point',
        { type: 'select_point', point: { x: 412.4, y: 233 } },
        { type: 'select_point', areas: [keyArea] },
        { options: [] },
      ),
      row(
        3,
        'graphic_gap_match',
        { type: 'graphic_gap_match', pairs: [{ source: 'b', target: 'p2' }] },
        {
          type: 'graphic_gap_match',
          correct: [
            { source: 'a', target: 'p1' },
            { source: 'b', target: 'p2' },
          ],
        },
        { targets: places },
      ),
      row(
        4,
        'gap_match',
        { type: 'gap_match', pairs: [{ source: 'b', target: 'g1' }] },
        {
          type: 'gap_match',
          correct: [
            { source: 'b', target: 'g1' },
            { source: 'a', target: 'g2' },
          ],
        },
        {
          targets: [
            { id: 'g1', text: '' },
            { id: 'g2', text: '' },
          ],
          gapText: 'Pretoria lies in {{g1}}, Polokwane in {{ g2 }}.',
        },
      ),
      row(5, 'order', { type: 'order', optionIds: ['b', 'a'] }, { type: 'order', correct: ['a', 'b'] }),
      row(
        6,
        'match',
        {
          type: 'match',
          pairs: [
            { source: 'a', target: 'r2' },
            { source: 'b', target: 'r1' },
          ],
        },
        {
          type: 'match',
          correct: [
            { source: 'a', target: 'r1' },
            { source: 'b', target: 'r2' },
          ],
        },
        { targets: capitals },
      ),
      row(
        7,
        'inline_choice',
        { type: 'inline_choice', optionId: 'b' },
        { type: 'inline_choice', correct: 'a' },
        { gapText: 'The Limpopo River flows into the {{g1}} Ocean.' },
      ),
    ]);
    const text = (cell: HTMLElement | undefined) => cell?.textContent;
    const items = (cell: HTMLElement | undefined) =>
      within(cell!)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    const [hotspot, point, placed, gaps, order, match, inline] = cells;
    expect(text(hotspot![1])).toBe('Gauteng');
    expect(text(hotspot![2])).toBe('Limpopo; Gauteng');
    expect(text(point![1])).toBe('Point at (412, 233) — inside the key area');
    expect(text(point![2])).toBe('A point in the key area (Area A)');
    expect(items(placed![1])).toEqual(['Gauteng → Place 2']);
    expect(items(placed![2])).toEqual(['Limpopo → Place 1', 'Gauteng → Place 2']);
    expect(text(gaps![1])).toBe('Pretoria lies in [Gauteng], Polokwane in [_____].');
    expect(text(gaps![2])).toBe('Pretoria lies in [Gauteng], Polokwane in [Limpopo].');
    // An order as a numbered list.
    expect(within(order![1]!).getByRole('list').tagName).toBe('OL');
    expect(items(order![1])).toEqual(['Gauteng', 'Limpopo']);
    expect(items(order![2])).toEqual(['Limpopo', 'Gauteng']);
    expect(items(match![1])).toEqual(['Limpopo → Johannesburg', 'Gauteng → Polokwane']);
    expect(text(inline![1])).toBe('The Limpopo River flows into the [Gauteng] Ocean.');
    expect(text(inline![2])).toBe('The Limpopo River flows into the [Limpopo] Ocean.');
    expect(table.textContent).not.toMatch(/[{}"]|optionIds|pairs/);
  });

  it('a point outside every key area, and one in one of several', async () => {
    const second = { id: 'b', area: { shape: 'circle', x: 100, y: 100, r: 20 } };
    const { cells } = await shown([
      row(
        1,
        'select_point',
        { type: 'select_point', point: { x: 10, y: 10 } },
        { type: 'select_point', areas: [keyArea] },
        { options: [] },
      ),
      row(
        2,
        'select_point',
        { type: 'select_point', point: { x: 105, y: 95 } },
        { type: 'select_point', areas: [keyArea, second] },
        { options: [] },
      ),
    ]);
    expect(cells[0]![1]!.textContent).toBe('Point at (10, 10) — outside the key area');
    expect(cells[1]![1]!.textContent).toBe('Point at (105, 95) — inside Area B');
    expect(cells[1]![2]!.textContent).toBe('A point in Area A or Area B');
  });
});

/** An answer that arrived after the deadline, given before it on a device that was offline (decision 087). */
describe('SubmittedDataDrawer: answers synced late', () => {
  it('says "Synced late" beside such an answer, with when it was given and why it counts', async () => {
    const answer = (questionId: number, syncedLate: boolean) => ({
      questionId,
      moduleId: 1,
      type: 'true_false',
      prompt: `<p>Question ${questionId}</p>`,
      marks: 1,
      value: { type: 'true_false', value: true },
      flagged: false,
      savedAt: '2026-03-03T10:12:00.000Z',
      givenAt: syncedLate ? '2026-03-03T09:58:00.000Z' : '2026-03-03T10:12:00.000Z',
      syncedLate,
      marksAwarded: 1,
      answerKey: { type: 'true_false', correct: true },
    });
    stubApi({
      'GET /participant/get-submitted-data/8': ok(SubmittedData, {
        success: true,
        learner: { id: 8, username: 'thabo', name: 'Thabo Mokoena', schoolName: null },
        attempt: null,
        answers: [answer(1, true), answer(2, false)],
      }),
    });
    renderWithApp(<SubmittedDataDrawer learnerId={8} onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Answers' });
    const [, late, onTime] = within(table).getAllByRole('row');
    expect(within(late!).getByText('Synced late')).toBeTruthy();
    expect(within(late!).getByText(/Given /)).toBeTruthy();
    expect(within(late!).getByText(/It counts because the learner gave it before the deadline/)).toBeTruthy();
    expect(within(onTime!).queryByText('Synced late')).toBeNull();
  });
});

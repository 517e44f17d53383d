import { describe, expect, it } from 'vitest';
import type { AnswerKey, AnswerValue } from '#contract/questions';
import { isCorrect, markAnswer, markAttempt, normaliseText } from './marking.js';

const single: AnswerKey = { type: 'single', correct: 'b' };
const multiple: AnswerKey = { type: 'multiple', correct: ['a', 'c'] };
const tf: AnswerKey = { type: 'true_false', correct: false };
const numeric: AnswerKey = { type: 'numeric', value: 2.5, tolerance: 0.1 };
const exact: AnswerKey = { type: 'numeric', value: 9, tolerance: 0 };
const text: AnswerKey = { type: 'short_text', accepted: ['Cape Town', 'Kaapstad'] };

describe('marking one answer', () => {
  it('single choice: only the keyed option', () => {
    expect(isCorrect(single, { type: 'single', optionId: 'b' })).toBe(true);
    expect(isCorrect(single, { type: 'single', optionId: 'a' })).toBe(false);
    expect(isCorrect(single, { type: 'single', optionId: null })).toBe(false);
  });

  it('multiple choice: all or nothing, exactly the correct set, in any order, duplicates harmless', () => {
    expect(isCorrect(multiple, { type: 'multiple', optionIds: ['c', 'a'] })).toBe(true);
    expect(isCorrect(multiple, { type: 'multiple', optionIds: ['a', 'c', 'a'] })).toBe(true);
    expect(isCorrect(multiple, { type: 'multiple', optionIds: ['a'] })).toBe(false);
    expect(isCorrect(multiple, { type: 'multiple', optionIds: ['a', 'b', 'c'] })).toBe(false);
    expect(isCorrect(multiple, { type: 'multiple', optionIds: [] })).toBe(false);
  });

  it('true/false: a false key is still a key, and no answer is wrong', () => {
    expect(isCorrect(tf, { type: 'true_false', value: false })).toBe(true);
    expect(isCorrect(tf, { type: 'true_false', value: true })).toBe(false);
    expect(isCorrect(tf, { type: 'true_false', value: null })).toBe(false);
  });

  it('numeric: within the tolerance, inclusive, and float noise never costs a mark', () => {
    expect(isCorrect(numeric, { type: 'numeric', value: 2.5 })).toBe(true);
    expect(isCorrect(numeric, { type: 'numeric', value: 2.6 })).toBe(true);
    expect(isCorrect(numeric, { type: 'numeric', value: 2.4 })).toBe(true);
    expect(isCorrect(numeric, { type: 'numeric', value: 2.61 })).toBe(false);
    expect(isCorrect(numeric, { type: 'numeric', value: null })).toBe(false);
    expect(isCorrect(exact, { type: 'numeric', value: 9 })).toBe(true);
    expect(isCorrect(exact, { type: 'numeric', value: 9.0001 })).toBe(false);
    expect(isCorrect({ type: 'numeric', value: 0.3, tolerance: 0 }, { type: 'numeric', value: 0.1 + 0.2 })).toBe(true);
  });

  it('short text: case- and space-insensitive against the accepted list', () => {
    expect(isCorrect(text, { type: 'short_text', text: 'cape town' })).toBe(true);
    expect(isCorrect(text, { type: 'short_text', text: '  CAPE   TOWN ' })).toBe(true);
    expect(isCorrect(text, { type: 'short_text', text: 'capetown' })).toBe(true);
    expect(isCorrect(text, { type: 'short_text', text: 'KAAPSTAD' })).toBe(true);
    expect(isCorrect(text, { type: 'short_text', text: 'Cape Town City' })).toBe(false);
    expect(isCorrect(text, { type: 'short_text', text: '   ' })).toBe(false);
    expect(normaliseText('\tSão  Tomé ')).toBe('sãotomé');
  });

  it('an answer of another type, or a question without a key, scores nothing', () => {
    expect(isCorrect(single, { type: 'multiple', optionIds: ['b'] })).toBe(false);
    expect(isCorrect(null, { type: 'single', optionId: 'b' })).toBe(false);
    expect(isCorrect(single, undefined)).toBe(false);
  });
});

describe('marking an attempt', () => {
  it('totals per question, per module and overall; unanswered questions count in the maximum', () => {
    const questions = [
      { id: 1, moduleId: 10, marks: 2, answerKey: single },
      { id: 2, moduleId: 10, marks: 3, answerKey: multiple },
      { id: 3, moduleId: 20, marks: 1, answerKey: tf },
      { id: 4, moduleId: 20, marks: 4, answerKey: text },
    ];
    const answers = new Map<number, AnswerValue>([
      [1, { type: 'single', optionId: 'b' }],
      [2, { type: 'multiple', optionIds: ['a'] }],
      [4, { type: 'short_text', text: 'cape town' }],
    ]);
    const marked = markAttempt(questions, answers);
    expect(Object.fromEntries(marked.perQuestion)).toEqual({ 1: 2, 2: 0, 4: 4 });
    expect(marked.score).toBe(6);
    expect(marked.maxScore).toBe(10);
    expect(marked.moduleScores).toEqual([
      { moduleId: 10, score: 2, maxScore: 5 },
      { moduleId: 20, score: 4, maxScore: 5 },
    ]);
  });

  it('an empty attempt scores 0 of the maximum', () => {
    const marked = markAttempt([{ id: 1, moduleId: 1, marks: 5, answerKey: exact }], new Map());
    expect(marked).toMatchObject({ score: 0, maxScore: 5, moduleScores: [{ moduleId: 1, score: 0, maxScore: 5 }] });
  });
});

/** Partial credit as QTI's mapResponse has it (decision 082). */
describe('marking with partial credit', () => {
  const q = (marks: number, answerKey: AnswerKey) => ({ id: 1, moduleId: 1, marks, answerKey });
  // Four options, two right: a right option earns 1, a wrong one costs 1; the score stays within 0 … 2.
  const mapped: AnswerKey = {
    type: 'multiple',
    correct: ['a', 'c'],
    mapping: {
      entries: [
        { response: 'a', points: 1 },
        { response: 'b', points: -1 },
        { response: 'c', points: 1 },
      ],
      defaultValue: -0.5,
      lowerBound: 0,
      upperBound: null,
    },
  };
  const choose = (...optionIds: string[]): AnswerValue => ({ type: 'multiple', optionIds });

  it('multiple choice: full, partial, none, negative points, the default for an option without points', () => {
    expect(markAnswer(q(2, mapped), choose('a', 'c'))).toBe(2);
    expect(markAnswer(q(2, mapped), choose('a'))).toBe(1);
    expect(markAnswer(q(2, mapped), choose('a', 'c', 'b'))).toBe(1);
    expect(markAnswer(q(2, mapped), choose('a', 'c', 'd'))).toBe(1.5); // d has no points: the default, −0.5
    expect(markAnswer(q(2, mapped), choose('b'))).toBe(0); // −1, raised to the lower bound
    expect(markAnswer(q(2, mapped), choose('b', 'd'))).toBe(0);
    expect(markAnswer(q(2, mapped), choose())).toBe(0);
  });

  it('multiple choice: a value counts once, and the score never passes the bounds nor the marks', () => {
    expect(markAnswer(q(2, mapped), choose('a', 'a', 'a'))).toBe(1);
    const bounded: AnswerKey = { ...mapped, mapping: { ...mapped.mapping!, lowerBound: 0.5, upperBound: 1.5 } };
    expect(markAnswer(q(2, bounded), choose('a', 'c'))).toBe(1.5);
    expect(markAnswer(q(2, bounded), choose('b'))).toBe(0.5);
    expect(markAnswer(q(2, bounded), choose())).toBe(0); // an empty answer is not mapped, whatever the bounds
    expect(markAnswer(q(1, mapped), choose('a', 'c'))).toBe(1); // a stored key above its marks is capped at them
  });

  it('short text: points per accepted answer, case and spaces ignored, the default for any other text', () => {
    const city: AnswerKey = {
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
    };
    const text = (t: string): AnswerValue => ({ type: 'short_text', text: t });
    expect(markAnswer(q(2, city), text('  new   YORK'))).toBe(2);
    expect(markAnswer(q(2, city), text('york'))).toBe(1);
    expect(markAnswer(q(2, city), text('Boston'))).toBe(0);
    expect(markAnswer(q(2, city), text('   '))).toBe(0);
    const generous: AnswerKey = { ...city, mapping: { ...city.mapping!, defaultValue: 0.25 } };
    expect(markAnswer(q(2, generous), text('Boston'))).toBe(0.25);
    expect(markAnswer(q(2, generous), text(''))).toBe(0);
  });

  it('numbers: the tolerance earns the marks, the wider tolerance its points, beyond it nothing', () => {
    const distance: AnswerKey = { type: 'numeric', value: 100, tolerance: 5, partial: { tolerance: 20, points: 1 } };
    const n = (value: number | null): AnswerValue => ({ type: 'numeric', value });
    expect(markAnswer(q(3, distance), n(104))).toBe(3);
    expect(markAnswer(q(3, distance), n(85))).toBe(1);
    expect(markAnswer(q(3, distance), n(120))).toBe(1);
    expect(markAnswer(q(3, distance), n(121))).toBe(0);
    expect(markAnswer(q(3, distance), n(null))).toBe(0);
  });

  it('single choice and true/false stay all or nothing; a mistyped or malformed answer scores 0', () => {
    expect(markAnswer(q(3, single), { type: 'single', optionId: 'b' })).toBe(3);
    expect(markAnswer(q(3, single), { type: 'single', optionId: 'a' })).toBe(0);
    expect(markAnswer(q(3, tf), { type: 'true_false', value: false })).toBe(3);
    expect(markAnswer(q(3, tf), { type: 'true_false', value: null })).toBe(0);
    expect(markAnswer(q(2, mapped), { type: 'short_text', text: 'a' })).toBe(0);
    expect(markAnswer(q(2, mapped), null)).toBe(0);
    expect(markAnswer({ id: 1, moduleId: 1, marks: 2, answerKey: null }, choose('a'))).toBe(0);
  });

  it('a key without a mapping keeps its all-or-nothing meaning; isCorrect reads the correct response only', () => {
    expect(markAnswer(q(3, multiple), choose('a'))).toBe(0);
    expect(markAnswer(q(3, multiple), choose('a', 'c'))).toBe(3);
    expect(isCorrect(mapped, choose('a', 'c'))).toBe(true);
    expect(isCorrect(mapped, choose('a'))).toBe(false);
  });

  it('totals part marks in hundredths, per module and overall', () => {
    const third: AnswerKey = {
      type: 'multiple',
      correct: ['a', 'b', 'c'],
      mapping: {
        entries: ['a', 'b', 'c'].map((response) => ({ response, points: 1 / 3 })),
        defaultValue: 0,
        lowerBound: 0,
        upperBound: null,
      },
    };
    const marked = markAttempt(
      [
        { id: 1, moduleId: 1, marks: 1, answerKey: third },
        { id: 2, moduleId: 1, marks: 2, answerKey: mapped },
      ],
      new Map<number, AnswerValue>([
        [1, choose('a')],
        [2, choose('a', 'c', 'd')],
      ]),
    );
    expect(Object.fromEntries(marked.perQuestion)).toEqual({ 1: 0.33, 2: 1.5 });
    expect(marked).toMatchObject({
      score: 1.83,
      maxScore: 3,
      moduleScores: [{ moduleId: 1, score: 1.83, maxScore: 3 }],
    });
  });
});

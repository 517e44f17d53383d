import { describe, expect, it } from 'vitest';
import type { AnswerKey, AnswerValue } from '#contract/questions';
import { isCorrect, markAttempt, normaliseText } from './marking.js';

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

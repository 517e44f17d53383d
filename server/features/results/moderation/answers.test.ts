import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '#contract/questions';
import { type AnsweredQuestion, answerText, canonicalAnswer, keyText } from './answers.js';

/** Answers of the seven interactions in words for the moderation pair view, and compared as text (decision 084). */
const options = [
  { id: 'a', text: 'Limpopo', imageUrl: null },
  { id: 'b', text: 'Gauteng', imageUrl: null },
  { id: 'c', text: '', imageUrl: null },
];
const q = (type: AnsweredQuestion['type'], more: Partial<AnsweredQuestion> = {}): AnsweredQuestion => ({
  type,
  options,
  targets: [],
  answerKey: null,
  ...more,
});

describe('answers in words', () => {
  it('pairs as “Label → Place”, by the targets’ text or their place', () => {
    const match = q('match', {
      targets: [
        { id: 'r1', text: 'Polokwane', imageUrl: null },
        { id: 'r2', text: 'Johannesburg', imageUrl: null },
      ],
      answerKey: {
        type: 'match',
        correct: [
          { source: 'a', target: 'r1' },
          { source: 'b', target: 'r2' },
        ],
      },
    });
    const value: AnswerValue = {
      type: 'match',
      pairs: [
        { source: 'a', target: 'r2' },
        { source: 'b', target: 'r1' },
        { source: 'a', target: 'r2' },
      ],
    };
    expect(answerText(value, match)).toBe('Limpopo → Johannesburg; Gauteng → Polokwane');
    expect(keyText(match.answerKey!, match)).toBe('Limpopo → Polokwane; Gauteng → Johannesburg');
    const gaps = q('gap_match', {
      targets: [
        { id: 'g1', text: '', imageUrl: null },
        { id: 'g2', text: '', imageUrl: null },
      ],
    });
    expect(
      answerText(
        {
          type: 'gap_match',
          pairs: [
            { source: 'c', target: 'g2' },
            { source: 'b', target: 'g1' },
          ],
        },
        gaps,
      ),
    ).toBe('Option C → Gap 2; Gauteng → Gap 1');
  });

  it('a point as (x, y) with the key’s area it fell in, or none', () => {
    const select = q('select_point', {
      answerKey: {
        type: 'select_point',
        areas: [
          { id: 'a', area: { shape: 'circle', x: 100, y: 100, r: 20 } },
          { id: 'b', area: { shape: 'rect', x: 90, y: 90, w: 50, h: 50 } },
        ],
      },
    });
    expect(answerText({ type: 'select_point', point: { x: 95.4, y: 100.6 } }, select)).toBe(
      '(95, 101), in Area A and Area B',
    );
    expect(answerText({ type: 'select_point', point: { x: 130, y: 130 } }, select)).toBe('(130, 130), in Area B');
    expect(answerText({ type: 'select_point', point: { x: 5, y: 5 } }, select)).toBe('(5, 5), outside the key’s areas');
    expect(answerText({ type: 'select_point', point: null }, select)).toBe('');
    expect(keyText(select.answerKey!, select)).toBe('A point in Area A or Area B');
  });

  it('an order numbered, “1. B, 2. A, 3. C”; a hotspot and an inline choice by their options', () => {
    expect(answerText({ type: 'order', optionIds: ['b', 'a', 'c'] }, q('order'))).toBe(
      '1. Gauteng, 2. Limpopo, 3. Option C',
    );
    expect(keyText({ type: 'order', correct: ['a', 'b', 'c'] }, q('order'))).toBe(
      '1. Limpopo, 2. Gauteng, 3. Option C',
    );
    expect(answerText({ type: 'hotspot', optionIds: ['a', 'b'] }, q('hotspot'))).toBe('Limpopo; Gauteng');
    expect(answerText({ type: 'inline_choice', optionId: 'b' }, q('inline_choice'))).toBe('Gauteng');
    expect(keyText({ type: 'inline_choice', correct: 'a' }, q('inline_choice'))).toBe('Limpopo');
  });

  it('the words of a gap match and an inline choice in the gaps of their text', () => {
    const gaps = q('gap_match', {
      targets: [
        { id: 'g1', text: '', imageUrl: null },
        { id: 'g2', text: '', imageUrl: null },
      ],
      gapText: 'Pretoria lies in {{g1}}, Polokwane in {{ g2 }}.',
    });
    expect(answerText({ type: 'gap_match', pairs: [{ source: 'b', target: 'g1' }] }, gaps)).toBe(
      'Pretoria lies in [Gauteng], Polokwane in [_____].',
    );
    expect(
      keyText(
        {
          type: 'gap_match',
          correct: [
            { source: 'b', target: 'g1' },
            { source: 'a', target: 'g2' },
          ],
        },
        gaps,
      ),
    ).toBe('Pretoria lies in [Gauteng], Polokwane in [Limpopo].');
    expect(answerText({ type: 'gap_match', pairs: [] }, gaps)).toBe('');
    const inline = q('inline_choice', { gapText: 'The Limpopo flows into the {{g1}} Ocean.' });
    expect(answerText({ type: 'inline_choice', optionId: 'b' }, inline)).toBe(
      'The Limpopo flows into the [Gauteng] Ocean.',
    );
    expect(keyText({ type: 'inline_choice', correct: 'a' }, inline)).toBe(
      'The Limpopo flows into the [Limpopo] Ocean.',
    );
  });
});

describe('answers compared', () => {
  it('the same pairs in any order are the same answer; an order is not', () => {
    const one = canonicalAnswer({
      type: 'match',
      pairs: [
        { source: 'a', target: 'r1' },
        { source: 'b', target: 'r2' },
      ],
    });
    const two = canonicalAnswer({
      type: 'match',
      pairs: [
        { source: 'b', target: 'r2' },
        { source: 'a', target: 'r1' },
        { source: 'a', target: 'r1' },
      ],
    });
    expect(one).toBe(two);
    expect(one).not.toBe('');
    expect(canonicalAnswer({ type: 'order', optionIds: ['a', 'b'] })).not.toBe(
      canonicalAnswer({ type: 'order', optionIds: ['b', 'a'] }),
    );
    expect(canonicalAnswer({ type: 'hotspot', optionIds: ['b', 'a'] })).toBe(
      canonicalAnswer({ type: 'hotspot', optionIds: ['a', 'b', 'a'] }),
    );
    for (const empty of [
      { type: 'match', pairs: [] },
      { type: 'order', optionIds: [] },
      { type: 'hotspot', optionIds: [] },
      { type: 'select_point', point: null },
      { type: 'inline_choice', optionId: null },
    ] as AnswerValue[])
      expect(canonicalAnswer(empty)).toBe('');
  });

  it('two points in the same twentieth of the picture are the same answer', () => {
    const picture = q('select_point', { imageWidth: 400, imageHeight: 200 });
    const at = (x: number, y: number) => canonicalAnswer({ type: 'select_point', point: { x, y } }, picture);
    expect(at(101, 51)).toBe(at(119, 59));
    expect(at(101, 51)).not.toBe(at(121, 51));
    expect(at(101, 51)).not.toBe(at(101, 61));
  });
});

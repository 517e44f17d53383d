import { createEvent, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LearnerQuestion } from '#contract/index';
import { learnerQuestion, renderAnswer } from './testing.js';

const words: LearnerQuestion['options'] = [
  { id: 'w1', text: 'Pretoria', imageUrl: null },
  { id: 'w2', text: 'Cape Town', imageUrl: null },
  { id: 'w3', text: 'Durban', imageUrl: null },
];
// The targets in another order than the text's: "gap 1" is the first the learner reads.
const gaps: LearnerQuestion['targets'] = [
  { id: 'law', text: '', imageUrl: null },
  { id: 'rule', text: '', imageUrl: null },
];
const gapText = 'The government sits in {{rule}}.\n\nParliament meets in {{ law }}, by the sea.';
const question = (rest: Partial<LearnerQuestion> = {}) =>
  learnerQuestion('gap_match', { options: words, targets: gaps, gapText, ...rest });
const word = (name: RegExp) => screen.getByRole('button', { name });
const gap = (n: number) => screen.getByRole('button', { name: new RegExp(`^Gap ${n}:`) });

/** The button's or paragraph's text as it is seen: without the words only a screen reader reads. */
const visible = (el: Element) => {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('[class*="visuallyHidden"]').forEach((hidden) => hidden.remove());
  return copy.textContent;
};

describe('GapMatchAnswer', () => {
  it('shows the text as its paragraphs with a gap for each {{id}}, numbered in reading order', () => {
    renderAnswer(question());
    const paragraphs = [...document.querySelectorAll('p')].filter((p) => p.querySelector('button'));
    expect(paragraphs).toHaveLength(2);
    expect(visible(paragraphs[0]!)).toBe('The government sits in 1.');
    expect(visible(paragraphs[1]!)).toBe('Parliament meets in 2, by the sea.');
    expect(screen.getByRole('button', { name: 'Gap 1: empty' })).toBe(gap(1));
    expect(paragraphs[0]!.contains(gap(1))).toBe(true);
    expect(paragraphs[1]!.contains(gap(2))).toBe(true);
  });

  it('tap a word, then a gap: the gap holds it and is named by it; the answer pairs the word with the gap', async () => {
    const { user, last } = renderAnswer(question());
    await user.click(word(/^Pretoria/));
    expect(screen.getByRole('status').textContent).toBe('Pretoria chosen: now choose its gap.');
    await user.click(gap(1));
    expect(last()).toEqual({ type: 'gap_match', pairs: [{ source: 'w1', target: 'rule' }] });
    expect(screen.getByRole('button', { name: 'Gap 1: Pretoria' })).toBe(gap(1));
    expect(visible(gap(1))).toBe('1Pretoria');
    expect(screen.getByRole('status').textContent).toBe('Pretoria put into gap 1.');
    // Another word into a full gap takes the place of the one there.
    await user.click(word(/^Durban/));
    await user.click(gap(1));
    expect(last()).toEqual({ type: 'gap_match', pairs: [{ source: 'w3', target: 'rule' }] });
    expect(screen.getByRole('status').textContent).toBe('Durban put into gap 1. Pretoria taken out of it.');
  });

  it('with a mouse, a word dragged into a gap is put there', () => {
    const { last } = renderAnswer(question());
    fireEvent.dragStart(word(/^Cape Town/), { dataTransfer: { setData: () => {}, effectAllowed: 'all' } });
    const over = createEvent.dragOver(gap(2));
    fireEvent(gap(2), over);
    expect(over.defaultPrevented).toBe(true);
    fireEvent.drop(gap(2));
    expect(last()).toEqual({ type: 'gap_match', pairs: [{ source: 'w2', target: 'law' }] });
  });

  it('a drag that is not one of the words (a file, some text) is not taken', () => {
    const { changes } = renderAnswer(question());
    const over = createEvent.dragOver(gap(2));
    fireEvent(gap(2), over);
    expect(over.defaultPrevented).toBe(false);
    fireEvent.drop(gap(2));
    expect(changes).toEqual([]);
  });

  it('with the keyboard alone: Enter on a word, Tab on to its gap, Enter; the word comes out again', async () => {
    const { user, last } = renderAnswer(question());
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(word(/^Cape Town/));
    await user.keyboard('{Enter}');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(gap(2));
    await user.keyboard(' ');
    expect(last()).toEqual({ type: 'gap_match', pairs: [{ source: 'w2', target: 'law' }] });
    expect(word(/^Cape Town/).textContent).toBe('Cape Town in gap 2');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Take Cape Town out of gap 2' }));
    await user.keyboard('{Enter}');
    expect(last()).toEqual({ type: 'gap_match', pairs: [] });
    expect(screen.getByRole('status').textContent).toBe('Cape Town taken out of gap 2.');
  });

  it('a word allowed in any number of gaps (matchMax 0) stays in the first when put in the second', async () => {
    const { user, last } = renderAnswer(question({ options: [{ ...words[0]!, matchMax: 0 }, words[1]!] }));
    await user.click(word(/^Pretoria/));
    await user.click(gap(1));
    await user.click(word(/^Pretoria/));
    await user.click(gap(2));
    expect(last()).toEqual({
      type: 'gap_match',
      pairs: [
        { source: 'w1', target: 'rule' },
        { source: 'w1', target: 'law' },
      ],
    });
    expect(word(/^Pretoria/).textContent).toBe('Pretoria in gap 1, gap 2');
  });
});

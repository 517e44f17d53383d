import { createEvent, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LearnerQuestion } from '#contract/index';
import { learnerQuestion, picture, renderAnswer } from './testing.js';

const labels: LearnerQuestion['options'] = [
  { id: 'g', text: 'Gauteng', imageUrl: null },
  { id: 'l', text: 'Limpopo', imageUrl: null },
  { id: 'w', text: 'Western Cape', imageUrl: null },
];
const places: LearnerQuestion['targets'] = [
  { id: 'p1', text: '', imageUrl: null, area: { shape: 'circle', x: 600, y: 80, r: 60 } },
  { id: 'p2', text: '', imageUrl: null, area: { shape: 'rect', x: 520, y: 160, w: 60, h: 40 } },
  { id: 'p3', text: '', imageUrl: null, area: { shape: 'circle', x: 150, y: 420, r: 50 } },
];
const question = (rest: Partial<LearnerQuestion> = {}) =>
  learnerQuestion('graphic_gap_match', { ...picture, options: labels, targets: places, ...rest });
const label = (name: RegExp) => screen.getByRole('button', { name });
const place = (n: number) => screen.getByRole('button', { name: new RegExp(`^Place ${n}:`) });

/** The button's or paragraph's text as it is seen: without the words only a screen reader reads. */
const visible = (el: Element) => {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('[class*="visuallyHidden"]').forEach((hidden) => hidden.remove());
  return copy.textContent;
};

/** A mouse drag from one element to another, with the events a browser sends. */
function drag(from: Element, to: Element) {
  const data = new Map<string, string>();
  const dataTransfer = {
    setData: (k: string, v: string) => data.set(k, v),
    getData: (k: string) => data.get(k) ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
  };
  fireEvent.dragStart(from, { dataTransfer });
  const over = createEvent.dragOver(to, { dataTransfer });
  fireEvent(to, over);
  expect(over.defaultPrevented, 'the place takes the drop').toBe(true);
  fireEvent.drop(to, { dataTransfer });
  fireEvent.dragEnd(from, { dataTransfer });
}

describe('GraphicGapMatchAnswer', () => {
  it('tap a label, then a place: the place shows it and is named by it, the answer is the pair', async () => {
    const { user, last } = renderAnswer(question());
    expect(screen.getByRole('group', { name: 'Put each label on its place on the picture' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place 2: empty' })).toBe(place(2));
    // A place on the picture sits at its area's middle, scaled: (550, 180) of 1000 × 500.
    expect([place(2).style.left, place(2).style.top]).toEqual(['55%', '36%']);

    await user.click(label(/^Gauteng/));
    expect(label(/^Gauteng/).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Gauteng chosen: now choose its place.');
    await user.click(place(2));
    expect(last()).toEqual({ type: 'graphic_gap_match', pairs: [{ source: 'g', target: 'p2' }] });
    expect(screen.getByRole('button', { name: 'Place 2: Gauteng' })).toBe(place(2));
    expect(visible(place(2))).toBe('2Gauteng');
    expect(label(/^Gauteng/).getAttribute('aria-pressed')).toBe('false');
    expect(label(/^Gauteng/).textContent).toBe('Gauteng on place 2');
    expect(screen.getByRole('status').textContent).toBe('Gauteng put on place 2.');

    // A tap on the area itself is a tap on its place.
    await user.click(label(/^Limpopo/));
    await user.click(screen.getByTestId('place-area-p1'));
    expect(last()).toEqual({
      type: 'graphic_gap_match',
      pairs: [
        { source: 'g', target: 'p2' },
        { source: 'l', target: 'p1' },
      ],
    });
  });

  it('a place tapped with no label chosen asks for a label first, and changes nothing', async () => {
    const { user, changes } = renderAnswer(question());
    await user.click(place(1));
    expect(changes).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Choose a label first, then its place.');
  });

  it('with a mouse, a label dragged onto a place (its button or its area) is put there', () => {
    const { last } = renderAnswer(question());
    drag(label(/^Western Cape/), screen.getByTestId('place-area-p3'));
    expect(last()).toEqual({ type: 'graphic_gap_match', pairs: [{ source: 'w', target: 'p3' }] });
    drag(label(/^Gauteng/), place(1));
    expect(last()).toEqual({
      type: 'graphic_gap_match',
      pairs: [
        { source: 'w', target: 'p3' },
        { source: 'g', target: 'p1' },
      ],
    });
  });

  it('with the keyboard alone: Enter on a label, Tab to a place, Enter; Escape lets a label go; a label comes off again', async () => {
    const { user, last } = renderAnswer(question());
    await user.tab();
    expect(document.activeElement).toBe(label(/^Gauteng/));
    await user.keyboard('{Enter}');
    expect(label(/^Gauteng/).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Escape}');
    expect(label(/^Gauteng/).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Gauteng is no longer chosen.');
    await user.keyboard('{Enter}');
    // Past the other labels to the places on the picture, in order.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(place(1));
    await user.tab();
    expect(document.activeElement).toBe(place(2));
    await user.keyboard('{Enter}');
    expect(last()).toEqual({ type: 'graphic_gap_match', pairs: [{ source: 'g', target: 'p2' }] });

    // The list under the picture says what is where, and takes a label off.
    expect(screen.getAllByText('Place 2: Gauteng')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Take Gauteng off place 2' }));
    expect(last()).toEqual({ type: 'graphic_gap_match', pairs: [] });
    expect(screen.getByRole('button', { name: 'Place 2: empty' })).toBe(place(2));
    expect(screen.getByRole('status').textContent).toBe('Gauteng taken off place 2.');
  });

  it('one label a place and one place a label (QTI’s matchMax 1): a label moves, a place’s label is replaced', async () => {
    const { user, last } = renderAnswer(question(), {
      type: 'graphic_gap_match',
      pairs: [{ source: 'g', target: 'p1' }],
    });
    await user.click(label(/^Gauteng/));
    await user.click(place(2));
    expect(last()).toEqual({ type: 'graphic_gap_match', pairs: [{ source: 'g', target: 'p2' }] });
    expect(screen.getByRole('status').textContent).toBe('Gauteng moved to place 2.');
    await user.click(label(/^Limpopo/));
    await user.click(place(2));
    expect(last()).toEqual({ type: 'graphic_gap_match', pairs: [{ source: 'l', target: 'p2' }] });
    expect(screen.getByRole('status').textContent).toBe('Limpopo put on place 2. Gauteng taken off it.');
  });

  it('a place that holds any number, a label allowed on two places: a third is refused with the reason', async () => {
    const { user, last, changes } = renderAnswer(
      question({
        options: [{ ...labels[0]!, matchMax: 2 }, labels[1]!],
        targets: [{ ...places[0]!, matchMax: 0 }, places[1]!, places[2]!],
      }),
    );
    await user.click(label(/^Gauteng/));
    await user.click(place(1));
    await user.click(label(/^Limpopo/));
    await user.click(place(1));
    expect(last()).toEqual({
      type: 'graphic_gap_match',
      pairs: [
        { source: 'g', target: 'p1' },
        { source: 'l', target: 'p1' },
      ],
    });
    expect(screen.getByRole('button', { name: 'Place 1: Gauteng, Limpopo' })).toBe(place(1));
    await user.click(label(/^Gauteng/));
    await user.click(place(2));
    await user.click(label(/^Gauteng/));
    await user.click(place(3));
    expect(changes).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe(
      'Gauteng is already on 2 places, as many as it may be. Take it off one first.',
    );
  });
});

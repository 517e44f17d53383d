import { createEvent, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LearnerQuestion } from '#contract/index';
import { learnerQuestion, renderAnswer } from './testing.js';

const rivers: LearnerQuestion['options'] = [
  { id: 'a', text: 'Orange', imageUrl: null },
  { id: 'b', text: 'Limpopo', imageUrl: null },
  { id: 'c', text: 'Vaal', imageUrl: null },
];
const question = learnerQuestion('order', { options: rivers });
const shown = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/[▲▼]/g, ''));

describe('OrderAnswer', () => {
  it('shows the items as the paper gives them, and is no answer until the learner moves one', async () => {
    const { user, last, changes } = renderAnswer(question);
    expect(screen.getByRole('group', { name: 'Put these in the right order' })).toBeTruthy();
    expect(shown()).toEqual(['1Orange', '2Limpopo', '3Vaal']);
    expect(changes).toEqual([]);
    expect(screen.getByText('Not answered yet. If this order is right already, keep it.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Move Vaal up' }));
    expect(last()).toEqual({ type: 'order', optionIds: ['a', 'c', 'b'] });
    expect(shown()).toEqual(['1Orange', '2Vaal', '3Limpopo']);
    expect(screen.getByRole('status').textContent).toBe('Vaal moved to place 2 of 3.');
    expect(screen.getByText('This order is your answer. Move an item to change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Keep this order' })).toBeNull();
  });

  it('with the keyboard alone: the move buttons, and the focus stays on the button of the item that moved', async () => {
    const { user, last } = renderAnswer(question);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Orange down' }));
    await user.keyboard('{Enter}');
    expect(last()).toEqual({ type: 'order', optionIds: ['b', 'a', 'c'] });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Orange down' }));
    await user.keyboard('{Enter}');
    expect(last()).toEqual({ type: 'order', optionIds: ['b', 'c', 'a'] });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Orange down' }));
    // At the end its "down" says it cannot go further, keeps the focus and does nothing.
    const down = screen.getByRole('button', { name: 'Move Orange down' });
    expect(down.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect(last()).toEqual({ type: 'order', optionIds: ['b', 'c', 'a'] });
    expect(document.activeElement).toBe(down);
    // The first item's "up" is not a way out of the top either.
    expect(screen.getByRole('button', { name: 'Move Limpopo up' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('with a mouse, an item dragged onto another takes its place', () => {
    const { last } = renderAnswer(question);
    const item = (id: string) => screen.getByTestId(`order-${id}`);
    fireEvent.dragStart(item('c'), { dataTransfer: { setData: () => {}, effectAllowed: 'all' } });
    const over = createEvent.dragOver(item('a'));
    fireEvent(item('a'), over);
    expect(over.defaultPrevented).toBe(true);
    fireEvent.drop(item('a'));
    expect(last()).toEqual({ type: 'order', optionIds: ['c', 'a', 'b'] });
    expect(shown()).toEqual(['1Vaal', '2Orange', '3Limpopo']);
  });

  it('"Keep this order" makes the order shown the answer, and the focus goes to the sentence that says so', async () => {
    const { user, last } = renderAnswer(question);
    await user.click(screen.getByRole('button', { name: 'Keep this order' }));
    expect(last()).toEqual({ type: 'order', optionIds: ['a', 'b', 'c'] });
    expect(document.activeElement).toBe(screen.getByText('This order is your answer. Move an item to change it.'));
  });

  it('comes back in the learner’s saved order; an item the question no longer has is left out, a new one goes last', () => {
    renderAnswer(question, { type: 'order', optionIds: ['c', 'gone', 'a'] });
    expect(shown()).toEqual(['1Vaal', '2Orange', '3Limpopo']);
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LearnerQuestion } from '#contract/index';
import { learnerQuestion, renderAnswer } from './testing.js';

const provinces: LearnerQuestion['options'] = [
  { id: 'l', text: 'Limpopo', imageUrl: null },
  { id: 'g', text: 'Gauteng', imageUrl: null },
];
const capitals: LearnerQuestion['targets'] = [
  { id: 'pol', text: 'Polokwane', imageUrl: null },
  { id: 'jhb', text: 'Johannesburg', imageUrl: null },
  { id: 'dbn', text: 'Durban', imageUrl: null },
];
const question = (rest: Partial<LearnerQuestion> = {}) =>
  learnerQuestion('match', { options: provinces, targets: capitals, ...rest });
const row = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

/**
 * A key pressed on a closed native select as Chromium handles it: the arrows show the next or previous choice at
 * once, with an input and a change event between the key's down and its up (happy-dom moves nothing itself, and
 * user-event has no keys for a select).
 */
function keyOnClosedSelect(select: HTMLSelectElement, key: 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape') {
  act(() => {
    select.focus();
  });
  const proceed = fireEvent.keyDown(select, { key });
  const step = key === 'ArrowDown' ? 1 : key === 'ArrowUp' ? -1 : 0;
  const to = Math.min(select.options.length - 1, Math.max(0, select.selectedIndex + step));
  if (proceed && step && to !== select.selectedIndex) {
    select.selectedIndex = to;
    fireEvent.input(select);
    fireEvent.change(select);
  }
  fireEvent.keyUp(select, { key });
}

describe('MatchAnswer', () => {
  it('a select per left-hand item, named by it, offering every right-hand item; a choice is a pair', async () => {
    const { user, last } = renderAnswer(question());
    expect(screen.getByRole('group', { name: 'Match each item with its answer' })).toBeTruthy();
    expect([...row('Limpopo').options].map((o) => o.text)).toEqual(['Choose…', 'Polokwane', 'Johannesburg', 'Durban']);
    await user.selectOptions(row('Limpopo'), 'Polokwane');
    expect(last()).toEqual({ type: 'match', pairs: [{ source: 'l', target: 'pol' }] });
    await user.selectOptions(row('Gauteng'), 'Johannesburg');
    expect(last()).toEqual({
      type: 'match',
      pairs: [
        { source: 'l', target: 'pol' },
        { source: 'g', target: 'jhb' },
      ],
    });
    // Another choice replaces the row's answer; "Choose…" takes it away.
    await user.selectOptions(row('Limpopo'), 'Durban');
    expect(last()).toEqual({
      type: 'match',
      pairs: [
        { source: 'g', target: 'jhb' },
        { source: 'l', target: 'dbn' },
      ],
    });
    await user.selectOptions(row('Gauteng'), 'Choose…');
    expect(last()).toEqual({ type: 'match', pairs: [{ source: 'l', target: 'dbn' }] });
    expect(screen.getByRole('status').textContent).toBe('“Gauteng” has no answer now.');
  });

  it('with the keyboard alone: Tab reaches each row’s select in turn', async () => {
    const { user, last } = renderAnswer(question());
    await user.tab();
    expect(document.activeElement).toBe(row('Limpopo'));
    await user.selectOptions(document.activeElement!, 'pol');
    await user.tab();
    expect(document.activeElement).toBe(row('Gauteng'));
    expect(last()).toEqual({ type: 'match', pairs: [{ source: 'l', target: 'pol' }] });
  });

  it('arrow keys on a closed select only show the choices: passing one takes it from no row; Enter chooses', () => {
    const { changes, last } = renderAnswer(question(), { type: 'match', pairs: [{ source: 'l', target: 'pol' }] });
    const gauteng = row('Gauteng');
    // Down past Polokwane (Limpopo's) to Johannesburg: what is shown changes, the answer does not.
    keyOnClosedSelect(gauteng, 'ArrowDown');
    expect(gauteng.value).toBe('pol');
    expect(row('Limpopo').value).toBe('pol');
    keyOnClosedSelect(gauteng, 'ArrowDown');
    expect(gauteng.value).toBe('jhb');
    expect(changes).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Press Enter to choose the answer shown for “Gauteng”.');
    keyOnClosedSelect(gauteng, 'Enter');
    expect(last()).toEqual({
      type: 'match',
      pairs: [
        { source: 'l', target: 'pol' },
        { source: 'g', target: 'jhb' },
      ],
    });
    expect(changes).toHaveLength(1);
    expect(row('Limpopo').value).toBe('pol');
    expect(screen.getByRole('status').textContent).toBe('“Gauteng”: Johannesburg.');
  });

  it('a choice only shown by the keys is taken when the learner moves on, and Escape goes back to the answer', () => {
    const { changes, last } = renderAnswer(question());
    const limpopo = row('Limpopo');
    keyOnClosedSelect(limpopo, 'ArrowDown');
    keyOnClosedSelect(limpopo, 'ArrowDown');
    expect(limpopo.value).toBe('jhb');
    keyOnClosedSelect(limpopo, 'Escape');
    expect(limpopo.value).toBe('');
    keyOnClosedSelect(limpopo, 'ArrowDown');
    expect(changes).toEqual([]);
    act(() => limpopo.blur());
    expect(last()).toEqual({ type: 'match', pairs: [{ source: 'l', target: 'pol' }] });
    expect(limpopo.value).toBe('pol');
  });

  it('a right-hand item allowed once moves to the row that chose it last, and the status line says so', async () => {
    const { user, last } = renderAnswer(question(), { type: 'match', pairs: [{ source: 'l', target: 'pol' }] });
    expect(row('Limpopo').value).toBe('pol');
    await user.selectOptions(row('Gauteng'), 'Polokwane');
    expect(last()).toEqual({ type: 'match', pairs: [{ source: 'g', target: 'pol' }] });
    expect(row('Limpopo').value).toBe('');
    expect(screen.getByRole('status').textContent).toBe('Polokwane moved from “Limpopo” to “Gauteng”.');
  });

  it('a right-hand item allowed any number of times (matchMax 0) stays with both rows', async () => {
    const { user, last } = renderAnswer(question({ targets: [{ ...capitals[0]!, matchMax: 0 }, capitals[1]!] }), {
      type: 'match',
      pairs: [{ source: 'l', target: 'pol' }],
    });
    await user.selectOptions(row('Gauteng'), 'Polokwane');
    expect(last()).toEqual({
      type: 'match',
      pairs: [
        { source: 'l', target: 'pol' },
        { source: 'g', target: 'pol' },
      ],
    });
  });

  it('a left-hand item that may have two gets a checkbox per right-hand item; a third is refused', async () => {
    const { user, last, changes } = renderAnswer(question({ options: [{ ...provinces[0]!, matchMax: 2 }] }));
    const group = screen.getByRole('group', { name: 'Limpopo' });
    expect(group.querySelectorAll('input[type="checkbox"]')).toHaveLength(3);
    await user.click(screen.getByRole('checkbox', { name: 'Polokwane' }));
    await user.click(screen.getByRole('checkbox', { name: 'Durban' }));
    expect(last()).toEqual({
      type: 'match',
      pairs: [
        { source: 'l', target: 'pol' },
        { source: 'l', target: 'dbn' },
      ],
    });
    await user.click(screen.getByRole('checkbox', { name: 'Johannesburg' }));
    expect(changes).toHaveLength(2);
    expect((screen.getByRole('checkbox', { name: 'Johannesburg' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('You can choose up to 2 for “Limpopo”. Take one away first.');
    await user.click(screen.getByRole('checkbox', { name: 'Polokwane' }));
    expect(last()).toEqual({ type: 'match', pairs: [{ source: 'l', target: 'dbn' }] });
  });
});

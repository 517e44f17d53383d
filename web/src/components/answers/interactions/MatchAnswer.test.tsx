import { screen } from '@testing-library/react';
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

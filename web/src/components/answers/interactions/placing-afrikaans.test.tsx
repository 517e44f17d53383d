import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LearnerQuestion } from '#contract/index';
import { prepareLocale } from '../../../lib/i18n/index.js';
import { learnerQuestion, picture, renderAnswer } from './testing.js';

/**
 * The placing and matching answers in Afrikaans: every word they show and every line the status says comes from the
 * learner catalogue, and the sentences that differ between a word in a gap and a label on a place read as an
 * Afrikaans teacher would write them, not as English with Afrikaans nouns.
 */
const options = (...names: string[]): LearnerQuestion['options'] =>
  names.map((text, i) => ({ id: `o${i + 1}`, text, imageUrl: null }));
const status = () => screen.getByRole('status').textContent;

describe('placing and matching in Afrikaans', () => {
  it('gap match: the legend, the gaps and every step said in Afrikaans', async () => {
    await prepareLocale('af');
    const { user, last } = renderAnswer(
      learnerQuestion('gap_match', {
        options: options('Pretoria', 'Durban'),
        targets: [{ id: 'g', text: '', imageUrl: null }],
        gapText: 'Die regering sit in {{g}}.',
      }),
    );
    expect(screen.getByRole('group', { name: 'Plaas ’n woord in elke oop plek' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Woorde' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Oop plek 1: leeg' }));
    expect(status()).toBe('Kies eers ’n woord, dan sy oop plek.');
    await user.click(screen.getByRole('button', { name: /^Pretoria/ }));
    expect(status()).toBe('Pretoria gekies: kies nou sy oop plek.');
    await user.click(screen.getByRole('button', { name: 'Oop plek 1: leeg' }));
    expect(status()).toBe('Pretoria is in oop plek 1 geplaas.');
    expect(screen.getByRole('button', { name: /^Pretoria in oop plek 1$/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Durban/ }));
    await user.click(screen.getByRole('button', { name: 'Oop plek 1: Pretoria' }));
    expect(status()).toBe('Durban is in oop plek 1 geplaas. Pretoria is daaruit gehaal.');
    expect(screen.getByText('Jou woorde')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Haal Durban uit oop plek 1' }));
    expect(status()).toBe('Durban is uit oop plek 1 gehaal.');
    expect(last()).toEqual({ type: 'gap_match', pairs: [] });
  });

  it('graphic gap match: labels on places, with "op" and "af" where English says "on" and "off"', async () => {
    await prepareLocale('af');
    const { user } = renderAnswer(
      learnerQuestion('graphic_gap_match', {
        ...picture,
        options: options('Gauteng', 'Limpopo'),
        targets: [
          { id: 'p1', text: '', imageUrl: null, area: { shape: 'circle', x: 600, y: 80, r: 60 }, matchMax: 0 },
          { id: 'p2', text: 'noord', imageUrl: null, area: { shape: 'circle', x: 150, y: 420, r: 50 } },
        ],
      }),
    );
    expect(screen.getByRole('group', { name: 'Plaas elke etiket op sy plek op die prent' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Gauteng/ }));
    await user.click(screen.getByRole('button', { name: 'Plek 2 (noord): leeg' }));
    expect(status()).toBe('Gauteng is op plek 2 (noord) geplaas.');
    await user.click(screen.getByRole('button', { name: /^Gauteng/ }));
    await user.click(screen.getByRole('button', { name: 'Plek 2 (noord): Gauteng' }));
    expect(status()).toBe('Gauteng is reeds op plek 2 (noord).');
    await user.click(screen.getByRole('button', { name: 'Haal Gauteng van plek 2 (noord) af' }));
    expect(status()).toBe('Gauteng is van plek 2 (noord) afgehaal.');
  });

  it('match: a select per item, its first choice and the moves said in Afrikaans', async () => {
    await prepareLocale('af');
    renderAnswer(
      learnerQuestion('match', {
        options: options('Limpopo', 'Gauteng'),
        targets: [{ id: 't1', text: 'Polokwane', imageUrl: null }],
      }),
    );
    expect(screen.getByRole('group', { name: 'Pas elke item by sy antwoord' })).toBeTruthy();
    const limpopo = screen.getByRole('combobox', { name: 'Limpopo' }) as HTMLSelectElement;
    expect(limpopo.options[0]!.textContent).toBe('Kies…');
    fireEvent.change(limpopo, { target: { value: 't1' } });
    expect(status()).toBe('“Limpopo”: Polokwane.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Gauteng' }), { target: { value: 't1' } });
    expect(status()).toBe('Polokwane is van “Limpopo” na “Gauteng” geskuif.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Gauteng' }), { target: { value: '' } });
    expect(status()).toBe('“Gauteng” het nou geen antwoord nie.');
  });
});

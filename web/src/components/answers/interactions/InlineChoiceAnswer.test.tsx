import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LearnerQuestion } from '#contract/index';
import { learnerQuestion, renderAnswer } from './testing.js';

const options: LearnerQuestion['options'] = [
  { id: 'a', text: 'east', imageUrl: null },
  { id: 'b', text: 'west', imageUrl: null },
];
const question = (gapText: string) => learnerQuestion('inline_choice', { options, gapText });
const select = () => screen.getByRole('combobox', { name: 'Choose the answer for the gap' }) as HTMLSelectElement;

describe('InlineChoiceAnswer', () => {
  it('puts a select where the gap is in the sentence; a choice is the option, "Choose…" no answer', async () => {
    const { user, last } = renderAnswer(
      question('Read this first.\n\nThe Orange River flows {{g}} into the Atlantic Ocean.'),
    );
    const sentence = select().closest('p')!;
    expect(sentence.textContent).toBe('The Orange River flows Choose…eastwest into the Atlantic Ocean.');
    expect(screen.getByText('Read this first.')).toBeTruthy();
    expect(select().getAttribute('aria-describedby')).toBe('prompt');
    await user.selectOptions(select(), 'west');
    expect(last()).toEqual({ type: 'inline_choice', optionId: 'b' });
    await user.selectOptions(select(), 'Choose…');
    expect(last()).toEqual({ type: 'inline_choice', optionId: null });
  });

  it('with the keyboard alone: Tab reaches the select in the sentence', async () => {
    const { user } = renderAnswer(question('It flows {{g}}.'));
    await user.tab();
    expect(document.activeElement).toBe(select());
  });

  it('shows the answer saved before', () => {
    renderAnswer(question('It flows {{g}}.'), { type: 'inline_choice', optionId: 'a' });
    expect(select().value).toBe('a');
  });

  it('a text without a gap still has its select, after the text', () => {
    renderAnswer(question('It flows.'));
    expect(select().closest('p')!.textContent).toBe('Choose…eastwest');
  });
});

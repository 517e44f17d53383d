import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AnswerValue, LearnerQuestion } from '#contract/index';
import { pictureTypes, questionTypes } from '#contract/questions';
import { renderInLearnerPage } from '../../test/render-learner.js';
import { AnswerInput, drawsOwnPicture, emptyAnswer } from './AnswerInput.js';

/**
 * The learner's answer to one question, for each question type, as the question page holds it: the answer it is
 * given is the one it reported last (the outbox's). What is asserted is what the learner sees and what each click,
 * key and keystroke hands to the outbox.
 */

function question(type: LearnerQuestion['type'], options: LearnerQuestion['options'] = []): LearnerQuestion {
  return {
    id: 7,
    index: 0,
    type,
    prompt: '<p>Which?</p>',
    imageUrl: null,
    imageAlt: '',
    marks: 1,
    options,
    imageWidth: null,
    imageHeight: null,
    targets: [],
    gapText: '',
    maxChoices: 1,
    translations: {},
  };
}

const capitals: LearnerQuestion['options'] = [
  { id: 'a', text: 'Pretoria', imageUrl: null },
  { id: 'b', text: 'Durban', imageUrl: null },
  { id: 'c', text: 'Gqeberha', imageUrl: null },
];

/** The question page around one answer: it keeps what the input reported and hands it back. */
function Page({
  of,
  initial,
  onChange,
  onUnsaved,
  unsaved,
}: {
  of: LearnerQuestion;
  initial?: AnswerValue;
  onChange: (value: AnswerValue, options?: { debounce?: boolean }) => void;
  onUnsaved?: (text: string | null) => void;
  unsaved?: string;
}) {
  const [value, setValue] = useState<AnswerValue | undefined>(initial);
  return (
    <>
      <p id="prompt">Which?</p>
      <AnswerInput
        question={of}
        value={value}
        promptId="prompt"
        unsaved={unsaved}
        onUnsaved={onUnsaved}
        onChange={(next, options) => {
          setValue(next);
          onChange(next, options);
        }}
      />
    </>
  );
}

describe('AnswerInput', () => {
  it('single choice: one radio per option, lettered, in a group that says what to do, described by the prompt', async () => {
    const onChange = vi.fn();
    const { user } = renderInLearnerPage(<Page of={question('single', capitals)} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Choose one answer' });
    expect(group.getAttribute('aria-describedby')).toBe('prompt');
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([false, false, false]);
    expect(group.textContent).toContain('APretoria');

    await user.click(screen.getByRole('radio', { name: /Durban/ }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'single', optionId: 'b' }, undefined);
    expect((screen.getByRole('radio', { name: /Durban/ }) as HTMLInputElement).checked).toBe(true);

    // Another choice replaces it: one answer only.
    await user.click(screen.getByRole('radio', { name: /Gqeberha/ }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'single', optionId: 'c' }, undefined);
    expect(radios.filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
  });

  it('single choice by keyboard: Tab reaches the group, the arrow keys move the choice, each one saved', async () => {
    const onChange = vi.fn();
    const { user } = renderInLearnerPage(<Page of={question('single', capitals)} onChange={onChange} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Pretoria/ }));
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'single', optionId: 'a' }, undefined);
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'single', optionId: 'b' }, undefined);
    expect((screen.getByRole('radio', { name: /Durban/ }) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Durban/ }));
  });

  it('shows the answer saved before (a learner coming back to the question)', () => {
    renderInLearnerPage(
      <Page of={question('single', capitals)} initial={{ type: 'single', optionId: 'c' }} onChange={vi.fn()} />,
    );
    expect((screen.getByRole('radio', { name: /Gqeberha/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Pretoria/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('multiple choice: checkboxes that add and take away, the Space key too', async () => {
    const onChange = vi.fn();
    const { user } = renderInLearnerPage(<Page of={question('multiple', capitals)} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Choose all that apply' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);

    await user.click(screen.getByRole('checkbox', { name: /Pretoria/ }));
    await user.click(screen.getByRole('checkbox', { name: /Gqeberha/ }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'multiple', optionIds: ['a', 'c'] }, undefined);

    // Space on the focused box takes it away again.
    screen.getByRole('checkbox', { name: /Pretoria/ }).focus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'multiple', optionIds: ['c'] }, undefined);
    expect((screen.getByRole('checkbox', { name: /Pretoria/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: /Gqeberha/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('true or false: two radios, no letters, saved as a boolean', async () => {
    const onChange = vi.fn();
    const { user } = renderInLearnerPage(<Page of={question('true_false')} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'True or false?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['True', 'False']);
    await user.click(screen.getByRole('radio', { name: 'False' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'true_false', value: false }, undefined);
    await user.click(screen.getByRole('radio', { name: 'True' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'true_false', value: true }, undefined);
  });

  it('an option that is only a picture is named "Picture B" for a screen reader', () => {
    renderInLearnerPage(
      <Page
        of={question('single', [
          { id: 'a', text: 'Words', imageUrl: null },
          { id: 'b', text: '', imageUrl: '/question/image/3/0123456789abcdef0123456789abcdef' },
        ])}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('img', { name: 'Picture B' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Picture B' })).toBeTruthy();
  });

  it('a number: "12,5" and "12.5" are the same answer, saved after a pause in typing; empty is no answer', async () => {
    const onChange = vi.fn();
    const { user } = renderInLearnerPage(<Page of={question('numeric')} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    await user.type(input, '12,5');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'numeric', value: 12.5 }, { debounce: true });
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith({ type: 'numeric', value: null }, { debounce: true });
    await user.type(input, '1 000.25');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'numeric', value: 1000.25 }, { debounce: true });
    expect(screen.getByText('For example 12,5 or 12.5')).toBeTruthy();
  });

  it('a number with letters in it is not saved: the field says so, and which answer still counts', async () => {
    const onChange = vi.fn();
    const onUnsaved = vi.fn();
    const { user } = renderInLearnerPage(
      <Page
        of={question('numeric')}
        initial={{ type: 'numeric', value: 3.5 }}
        onChange={onChange}
        onUnsaved={onUnsaved}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    expect((input as HTMLInputElement).value).toBe('3.5');
    await user.type(input, 'x');
    expect(onChange).not.toHaveBeenCalled();
    expect(onUnsaved).toHaveBeenLastCalledWith('3.5x');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const hint = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[1]!);
    expect(hint?.textContent).toBe(
      'Not saved: type only a number, for example 12,5 or 12.5. Your saved answer is still 3,5.',
    );
    // Fixed: saved again, and the warning goes.
    await user.type(input, '{Backspace}');
    expect(onUnsaved).toHaveBeenLastCalledWith(null);
    expect(onChange).toHaveBeenLastCalledWith({ type: 'numeric', value: 3.5 }, { debounce: true });
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('a number typed wrongly before is shown as typed when the learner comes back', () => {
    renderInLearnerPage(
      <Page of={question('numeric')} initial={{ type: 'numeric', value: 4 }} unsaved="4 m" onChange={vi.fn()} />,
    );
    expect((screen.getByRole('textbox', { name: 'Your answer (a number)' }) as HTMLInputElement).value).toBe('4 m');
    expect(screen.getByText(/Your saved answer is still 4\./)).toBeTruthy();
  });

  it('short text: every keystroke is handed on, to be saved after a pause', async () => {
    const onChange = vi.fn();
    const { user } = renderInLearnerPage(<Page of={question('short_text')} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Your answer' });
    expect(input.getAttribute('maxlength')).toBe('500');
    await user.type(input, 'Limpopo');
    expect(onChange).toHaveBeenCalledTimes(7);
    expect(onChange).toHaveBeenLastCalledWith({ type: 'short_text', text: 'Limpopo' }, { debounce: true });
  });

  it('emptyAnswer is the unanswered value of each type', () => {
    expect(emptyAnswer('single')).toEqual({ type: 'single', optionId: null });
    expect(emptyAnswer('multiple')).toEqual({ type: 'multiple', optionIds: [] });
    expect(emptyAnswer('true_false')).toEqual({ type: 'true_false', value: null });
    expect(emptyAnswer('numeric')).toEqual({ type: 'numeric', value: null });
    expect(emptyAnswer('short_text')).toEqual({ type: 'short_text', text: '' });
    expect(emptyAnswer('hotspot')).toEqual({ type: 'hotspot', optionIds: [] });
    expect(emptyAnswer('select_point')).toEqual({ type: 'select_point', point: null });
    expect(emptyAnswer('graphic_gap_match')).toEqual({ type: 'graphic_gap_match', pairs: [] });
    expect(emptyAnswer('gap_match')).toEqual({ type: 'gap_match', pairs: [] });
    expect(emptyAnswer('order')).toEqual({ type: 'order', optionIds: [] });
    expect(emptyAnswer('match')).toEqual({ type: 'match', pairs: [] });
    expect(emptyAnswer('inline_choice')).toEqual({ type: 'inline_choice', optionId: null });
  });

  it('the types answered on the picture draw it themselves, so the page does not show it twice', () => {
    // The page's own copy of the contract's list (the question page loads no zod), kept the same.
    expect(questionTypes.filter(drawsOwnPicture)).toEqual([...pictureTypes]);
  });
});

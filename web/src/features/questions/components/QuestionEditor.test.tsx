import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionRecord } from '#contract/authoring';
import { renderWithApp } from '../../../test/render.js';
import { QuestionEditor } from './QuestionEditor.js';

/**
 * The editor's image buttons say what they do and to what (axe: a button named "Img" told a screen reader
 * nothing), each name beginning with the words the button shows.
 */

const props = {
  olympiadId: 3,
  moduleId: 11,
  moduleTitle: 'Maps',
  moduleIndex: 0,
  questionIndex: 0,
  questionCount: 1,
  onDone: () => {},
};

const withImages = QuestionRecord.parse({
  id: 21,
  translations: {},
  moduleId: 11,
  position: 1,
  type: 'single',
  prompt: '<p>Which province is the largest?</p>',
  imageUrl: '/files/map.png',
  imageAlt: 'A map of the provinces',
  options: [
    { id: 'a', text: 'Northern Cape', imageUrl: '/files/nc.png' },
    { id: 'b', text: 'Gauteng', imageUrl: null },
  ],
  imageWidth: 800,
  imageHeight: 600,
  targets: [],
  gapText: '',
  maxChoices: 1,
  shuffle: true,
  answerKey: { type: 'single', correct: 'a' },
  marks: 1,
  difficulty: null,
  retired: false,
  verified: false,
  verifiedBy: null,
  lastEditedBy: null,
  lastEditedById: null,
  answerCount: 0,
  updatedAt: '2026-03-03T10:00:00.000Z',
  can: { edit: true, verify: false },
});

/** Each button's accessible name, and that it begins with what it shows. */
function expectNamed(name: string, shown: string) {
  const button = screen.getByRole('button', { name });
  expect(button.textContent).toBe(shown);
  expect(name.toLowerCase().startsWith(shown.toLowerCase()), `${name} begins with ${shown}`).toBe(true);
}

describe('QuestionEditor: image buttons', () => {
  it('a new question: adds an image to the question or to each option, by name', () => {
    renderWithApp(<QuestionEditor {...props} question={null} />);
    expectNamed('Add an image to the question', 'Add an image');
    expectNamed('Add image to option A', 'Add image');
    expectNamed('Add image to option B', 'Add image');
    expect(screen.queryByRole('button', { name: /^Img|Image for option/ })).toBeNull();
  });

  it('a question with images: replaces or removes the question’s, replaces an option’s', () => {
    renderWithApp(<QuestionEditor {...props} question={withImages} />);
    expectNamed('Replace image of the question', 'Replace image');
    expectNamed('Remove image from the question', 'Remove image');
    expectNamed('Replace image of option A', 'Replace image');
    expectNamed('Add image to option B', 'Add image');
  });
});

describe('QuestionEditor: the order of the options', () => {
  const inOrder = QuestionRecord.parse({
    ...withImages,
    shuffle: false,
    options: [
      { id: 'a', text: 'Northern Cape', imageUrl: null },
      { id: 'b', text: 'All of the above', imageUrl: null, fixed: true },
    ],
  });

  it('shows the question’s shuffle setting and each option’s place; keeping a place waits for shuffling', async () => {
    const { user } = renderWithApp(<QuestionEditor {...props} question={inOrder} />);
    const shuffle = screen.getByRole('switch', { name: /^Shuffle the options for each learner/ });
    const keepA = screen.getByRole('switch', { name: 'Keep option A in place' });
    const keepB = screen.getByRole('switch', { name: 'Keep option B in place' });
    expect((shuffle as HTMLInputElement).checked).toBe(false);
    expect((keepB as HTMLInputElement).checked).toBe(true);
    expect((keepA as HTMLInputElement).disabled).toBe(true);
    await user.click(shuffle);
    expect((shuffle as HTMLInputElement).checked).toBe(true);
    expect((keepA as HTMLInputElement).disabled).toBe(false);
    await user.click(keepA);
    expect((keepA as HTMLInputElement).checked).toBe(true);
  });

  it('a new question shuffles, and no option keeps its place until asked', () => {
    renderWithApp(<QuestionEditor {...props} question={null} />);
    expect((screen.getByRole('switch', { name: /^Shuffle the options/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Keep option A in place' }) as HTMLInputElement).checked).toBe(false);
  });
});

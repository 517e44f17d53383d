import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuestionRecord } from '#contract/authoring';
import { renderWithApp } from '../../../test/render.js';
import { AnswerKeyView } from './AnswerKeyView.js';

/**
 * The verifier sees each key plainly: a picture's key areas drawn on it (the right ones marked), pairs as
 * "label → place", an order as a numbered list, a text with its gaps filled in.
 */
type Keyed = Parameters<typeof AnswerKeyView>[0]['question'];
const base: Keyed = {
  type: 'hotspot',
  options: [],
  targets: [],
  gapText: '',
  imageUrl: '/question/image/3/0123456789abcdef0123456789abcdef',
  imageAlt: 'A map',
  imageWidth: 800,
  imageHeight: 600,
  maxChoices: 1,
  answerKey: null,
};
const q = (fields: Partial<QuestionRecord>): Keyed => ({ ...base, ...fields }) as Keyed;

describe('AnswerKeyView', () => {
  it('a hotspot: every area on the picture, the right ones in the key’s colour, named', () => {
    const { container } = renderWithApp(
      <AnswerKeyView
        question={q({
          options: [
            { id: 'a', text: 'Lake Victoria', imageUrl: null, area: { shape: 'circle', x: 100, y: 100, r: 20 } },
            { id: 'b', text: 'Lake Malawi', imageUrl: null, area: { shape: 'rect', x: 300, y: 300, w: 40, h: 90 } },
          ],
          answerKey: { type: 'hotspot', correct: ['b'] },
        })}
      />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 800 600');
    expect(svg.querySelector('[data-area="a"] circle')!.getAttribute('data-tone')).toBe('plain');
    const right = svg.querySelector('[data-area="b"] rect')!;
    expect([right.getAttribute('x'), right.getAttribute('width'), right.getAttribute('data-tone')]).toEqual([
      '300',
      '40',
      'key',
    ]);
    expect(screen.getByText('Right areas (green): B (Lake Malawi)')).toBeTruthy();
  });

  it('a select-point key: its areas drawn on the picture', () => {
    const { container } = renderWithApp(
      <AnswerKeyView
        question={q({
          type: 'select_point',
          answerKey: {
            type: 'select_point',
            areas: [
              {
                id: 'a',
                area: {
                  shape: 'poly',
                  points: [
                    [10, 10],
                    [50, 10],
                    [30, 40],
                  ],
                },
              },
            ],
          },
        })}
      />,
    );
    expect(container.querySelector('[data-area="a"] polygon')!.getAttribute('points')).toBe('10,10 50,10 30,40');
    expect(screen.getByText('Right: a point inside the green area')).toBeTruthy();
  });

  it('a picture to label: the pairs as label → place', () => {
    renderWithApp(
      <AnswerKeyView
        question={q({
          type: 'graphic_gap_match',
          options: [
            { id: 'a', text: 'Gauteng', imageUrl: null },
            { id: 'b', text: 'Limpopo', imageUrl: null },
          ],
          targets: [
            { id: 'p1', text: '', imageUrl: null, area: { shape: 'circle', x: 100, y: 100, r: 20 } },
            { id: 'p2', text: '', imageUrl: null, area: { shape: 'circle', x: 200, y: 100, r: 20 } },
          ],
          answerKey: {
            type: 'graphic_gap_match',
            correct: [
              { source: 'b', target: 'p1' },
              { source: 'a', target: 'p2' },
            ],
          },
        })}
      />,
    );
    const pairs = within(screen.getByRole('list', { name: 'Right pairs' })).getAllByRole('listitem');
    expect(pairs.map((p) => p.textContent)).toEqual(['Limpopo → Place 1', 'Gauteng → Place 2']);
  });

  it('gaps filled in, and an order as a numbered list', () => {
    const words = [
      { id: 'a', text: 'Pretoria', imageUrl: null },
      { id: 'b', text: 'Durban', imageUrl: null },
    ];
    renderWithApp(
      <>
        <AnswerKeyView
          question={q({
            type: 'gap_match',
            imageUrl: null,
            options: words,
            gapText: 'The capital is {{g1}}.',
            targets: [{ id: 'g1', text: '', imageUrl: null }],
            answerKey: { type: 'gap_match', correct: [{ source: 'a', target: 'g1' }] },
          })}
        />
        <AnswerKeyView
          question={q({
            type: 'order',
            imageUrl: null,
            options: words,
            answerKey: { type: 'order', correct: ['b', 'a'] },
          })}
        />
      </>,
    );
    expect(screen.getByText('Pretoria → Gap 1')).toBeTruthy();
    expect(screen.getByText('Filled in: The capital is [Pretoria].')).toBeTruthy();
    const order = screen.getByRole('list', { name: 'The right order' });
    expect(order.tagName).toBe('OL');
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Durban', 'Pretoria']);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionRecord } from '#contract/authoring';
import { ok, refused, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { person } from '../../../test/user.js';
import { QuestionBody } from '../api/save-question.js';
import { QuestionEditor } from './QuestionEditor.js';

/**
 * Authoring the interactions of decision 084 made of words: a text with gaps and the words for them, a sentence with
 * one choice, items in order, two columns to match; what the editor sends (gapText, targets, options, key), and the
 * server's refusals shown at their own fields.
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

const record = (fields: Partial<QuestionRecord>) =>
  QuestionRecord.parse({
    id: 21,
    translations: {},
    moduleId: 11,
    position: 1,
    type: 'gap_match',
    prompt: '<p>Complete the text.</p>',
    imageUrl: null,
    imageAlt: '',
    options: [
      { id: 'a', text: 'Pretoria', imageUrl: null },
      { id: 'b', text: 'Johannesburg', imageUrl: null },
    ],
    imageWidth: null,
    imageHeight: null,
    targets: [],
    gapText: '',
    maxChoices: 1,
    shuffle: true,
    answerKey: null,
    marks: 2,
    difficulty: null,
    retired: false,
    verified: false,
    verifiedBy: null,
    lastEditedBy: null,
    lastEditedById: null,
    answerCount: 0,
    updatedAt: '2026-03-03T10:00:00.000Z',
    can: { edit: true, verify: false },
    ...fields,
  });

function saved(q: QuestionRecord) {
  return stubApi({ 'PUT /question/v-rest/21': () => ok(QuestionBody, { success: true, question: q }) });
}
const body = (sent: ReturnType<typeof stubApi>) => sent[0]!.body as Record<string, unknown>;

/** A Mantine select: open it by its name, pick the option. */
async function choose(me: ReturnType<typeof person>, name: string, option: string) {
  await me.click(screen.getByRole('combobox', { name }));
  await me.click(await screen.findByRole('option', { name: option }));
}

/** Writes a text into a field at once (a paste): typing it key by key costs seconds on a busy machine. */
async function fill(me: ReturnType<typeof person>, field: HTMLElement, text: string) {
  await me.click(field);
  await me.paste(text);
}

describe('QuestionEditor: a text with gaps', () => {
  it('"Insert a gap" writes {{g1}} at the cursor and makes it a target; the key gives each gap its word', async () => {
    const me = person();
    const q = record({});
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    const text = screen.getByRole('textbox', { name: 'The text with its gaps' });
    await fill(me, text, 'The capital is ');
    await me.click(screen.getByRole('button', { name: 'Insert a gap' }));
    await fill(me, text, ' and the largest city is ');
    await me.click(screen.getByRole('button', { name: 'Insert a gap' }));
    await me.type(text, '.');
    expect(text).toHaveProperty('value', 'The capital is {{g1}} and the largest city is {{g2}}.');
    await me.click(screen.getByRole('button', { name: 'Add a word' }));
    await fill(me, screen.getByRole('textbox', { name: 'Word 3' }), 'Cape Town');
    expect(screen.getByText('“The capital is ___”')).toBeTruthy();
    expect(screen.getByText('“…and the largest city is ___”')).toBeTruthy();
    await choose(me, 'Right word for Gap 1', 'Pretoria');
    await choose(me, 'Right word for Gap 2', 'Johannesburg');
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const b = body(sent);
    expect(b.gapText).toBe('The capital is {{g1}} and the largest city is {{g2}}.');
    expect(b.targets).toEqual([
      { id: 'g1', text: '', imageUrl: null },
      { id: 'g2', text: '', imageUrl: null },
    ]);
    expect(b.options).toEqual([
      { id: 'a', text: 'Pretoria', imageUrl: null },
      { id: 'b', text: 'Johannesburg', imageUrl: null },
      { id: 'c', text: 'Cape Town', imageUrl: null },
    ]);
    expect(b.answerKey).toEqual({
      type: 'gap_match',
      correct: [
        { source: 'a', target: 'g1' },
        { source: 'b', target: 'g2' },
      ],
    });
  });

  it('a word used more than once says so (matchMax), and a gap taken out of the text leaves the key', async () => {
    const me = person();
    const q = record({
      gapText: 'Rain falls in {{g1}} and in {{g2}}.',
      targets: [
        { id: 'g1', text: '', imageUrl: null },
        { id: 'g2', text: '', imageUrl: null },
      ],
      answerKey: {
        type: 'gap_match',
        correct: [
          { source: 'a', target: 'g1' },
          { source: 'a', target: 'g2' },
        ],
      },
    });
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    const times = screen.getByRole('textbox', { name: 'How many times word 1 may be used (0: any)' });
    await me.clear(times);
    await me.type(times, '0');
    const text = screen.getByRole('textbox', { name: 'The text with its gaps' });
    await me.clear(text);
    await fill(me, text, 'Rain falls in {{g1}}.');
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const b = body(sent);
    expect(b.options).toEqual([
      { id: 'a', text: 'Pretoria', imageUrl: null, matchMax: 0 },
      { id: 'b', text: 'Johannesburg', imageUrl: null },
    ]);
    expect(b.targets).toEqual([{ id: 'g1', text: '', imageUrl: null }]);
    expect(b.answerKey).toEqual({ type: 'gap_match', correct: [{ source: 'a', target: 'g1' }] });
  });
});

describe('QuestionEditor: a sentence with one choice', () => {
  it('one gap only, the choices and the right one', async () => {
    const me = person();
    const q = record({ type: 'inline_choice', prompt: '<p>Choose the word.</p>' });
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    const text = screen.getByRole('textbox', { name: 'The sentence with its gap' });
    await fill(me, text, 'The capital of South Africa is ');
    await me.click(screen.getByRole('button', { name: 'Insert the gap' }));
    expect(screen.getByRole('button', { name: 'Insert the gap' })).toHaveProperty('disabled', true);
    await me.click(screen.getByRole('radio', { name: 'choice B is right' }));
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(body(sent)).toMatchObject({ gapText: 'The capital of South Africa is {{g1}}', targets: [] });
    expect(body(sent).answerKey).toEqual({ type: 'inline_choice', correct: 'b' });
  });
});

describe('QuestionEditor: items in order', () => {
  it('the order written is the key; moving an item changes it; learners always get their own order', async () => {
    const me = person();
    const q = record({ type: 'order', prompt: '<p>From north to south.</p>', shuffle: false });
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    await me.click(screen.getByRole('button', { name: 'Add an item' }));
    await fill(me, screen.getByRole('textbox', { name: 'Item C, 3rd' }), 'Cape Town');
    await me.click(screen.getByRole('button', { name: 'Move item B up' }));
    expect(screen.getByRole('textbox', { name: 'Item B, 1st' })).toHaveProperty('value', 'Johannesburg');
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(body(sent).options).toEqual([
      { id: 'b', text: 'Johannesburg', imageUrl: null },
      { id: 'a', text: 'Pretoria', imageUrl: null },
      { id: 'c', text: 'Cape Town', imageUrl: null },
    ]);
    expect(body(sent)).toMatchObject({ shuffle: true, answerKey: { type: 'order', correct: ['b', 'a', 'c'] } });
  });
});

describe('QuestionEditor: two columns to match', () => {
  it('left and right items, the right pairs, points per pair named left → right', async () => {
    const me = person();
    const q = record({ type: 'match', prompt: '<p>Match each city to its province.</p>' });
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    await fill(me, screen.getByRole('textbox', { name: 'Right-hand item 1' }), 'Gauteng');
    await fill(me, screen.getByRole('textbox', { name: 'Right-hand item 2' }), 'Limpopo');
    const times = screen.getByRole('textbox', { name: 'How many times right-hand item 1 may be used (0: any)' });
    await me.clear(times);
    await me.type(times, '2');
    await choose(me, 'Right match for A. Pretoria', 'Gauteng');
    await choose(me, 'Right match for B. Johannesburg', 'Gauteng');
    await me.click(screen.getByRole('switch', { name: /Partial credit/ }));
    const table = screen.getByRole('table', { name: 'Points per pair' });
    expect(within(table).getByText('Pretoria → Gauteng')).toBeTruthy();
    expect(within(table).getByRole('textbox', { name: 'Points for Johannesburg → Gauteng' })).toHaveProperty(
      'value',
      '1',
    );
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const b = body(sent);
    expect(b.targets).toEqual([
      { id: 'r1', text: 'Gauteng', imageUrl: null, matchMax: 2 },
      { id: 'r2', text: 'Limpopo', imageUrl: null },
    ]);
    expect(b.answerKey).toEqual({
      type: 'match',
      correct: [
        { source: 'a', target: 'r1' },
        { source: 'b', target: 'r1' },
      ],
      mapping: {
        entries: [
          { response: 'a r1', points: 1 },
          { response: 'b r1', points: 1 },
        ],
        defaultValue: 0,
        lowerBound: 0,
        upperBound: null,
      },
    });
  });
});

describe('QuestionEditor: the server’s refusals', () => {
  it('shows each at its field: the text, a word, the key', async () => {
    const me = person();
    const q = record({
      gapText: 'The capital is {{g1}}.',
      targets: [{ id: 'g1', text: '', imageUrl: null }],
      answerKey: { type: 'gap_match', correct: [{ source: 'a', target: 'g1' }] },
    });
    stubApi({
      'PUT /question/v-rest/21': refused(400, 'validation_failed', 'Check the question', [
        { path: 'body.gapText', message: 'Give every gap a word' },
        { path: 'body.options.1.text', message: 'Write the word' },
        { path: 'body.answerKey.correct', message: 'Put a word in every gap' },
      ]),
    });
    renderWithApp(<QuestionEditor {...props} question={q} />);
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    const text = screen.getByRole('textbox', { name: 'The text with its gaps' });
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Give every gap a word')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Word 2' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Write the word')).toBeTruthy();
    expect(screen.getByText('Put a word in every gap')).toBeTruthy();
  });
});

describe('QuestionEditor: the preview', () => {
  const preview = () => screen.getByRole('region', { name: 'Preview as a learner sees it' });

  it('is the learner’s own control, to try: a word put into its gap, never sent; Reset empties it', async () => {
    const me = person();
    // Nothing the admin answers in the preview goes to the server.
    const sent = stubApi({});
    const q = record({
      gapText: 'The capital is {{g1}}.',
      targets: [{ id: 'g1', text: '', imageUrl: null }],
    });
    renderWithApp(<QuestionEditor {...props} question={q} />);
    await me.click(screen.getByRole('button', { name: 'Preview as a learner' }));
    const here = within(preview());
    expect(here.getByRole('group', { name: 'Put a word into each gap' })).toBeTruthy();
    await me.click(within(here.getByRole('group', { name: 'Words' })).getByRole('button', { name: 'Pretoria' }));
    await me.click(here.getByRole('button', { name: 'Gap 1: empty' }));
    expect(here.getByRole('button', { name: 'Gap 1: Pretoria' })).toBeTruthy();
    expect(here.getByRole('status').textContent).toBe('Pretoria put into gap 1.');
    await me.click(here.getByRole('button', { name: 'Reset' }));
    expect(here.getByRole('button', { name: 'Gap 1: empty' })).toBeTruthy();
    expect(here.queryByRole('button', { name: 'Gap 1: Pretoria' })).toBeNull();
    expect(here.getByRole('status').textContent).toBe('');
    expect(sent).toEqual([]);
  });

  it('an order question’s items come in an order not the one written, and move as on the paper', async () => {
    const me = person();
    renderWithApp(<QuestionEditor {...props} question={record({ type: 'order', gapText: '', targets: [] })} />);
    await me.click(screen.getByRole('button', { name: 'Preview as a learner' }));
    const shown = () =>
      within(within(preview()).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/[▲▼\d]/g, ''));
    expect(shown()).toEqual(['Johannesburg', 'Pretoria']);
    await me.click(within(preview()).getByRole('button', { name: 'Move Pretoria up' }));
    expect(shown()).toEqual(['Pretoria', 'Johannesburg']);
    expect(within(preview()).getByText('This order is your answer. Move an item to change it.')).toBeTruthy();
    await me.click(within(preview()).getByRole('button', { name: 'Reset' }));
    expect(shown()).toEqual(['Johannesburg', 'Pretoria']);
    expect(within(preview()).getByRole('button', { name: 'Keep this order' })).toBeTruthy();
  });
});

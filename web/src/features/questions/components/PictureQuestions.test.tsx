import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionRecord } from '#contract/authoring';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { person } from '../../../test/user.js';
import { QuestionBody } from '../api/save-question.js';
import { QuestionEditor } from './QuestionEditor.js';

/**
 * Authoring the picture questions of decision 084: areas drawn on the picture (a rectangle dragged, a circle from
 * its centre, a polygon clicked corner by corner), moved, removed and typed in the picture's own pixels, and what
 * the editor sends: the areas, the places, the picture's size and the key.
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
    type: 'hotspot',
    prompt: '<p>Click the lake.</p>',
    imageUrl: '/question/image/3/0123456789abcdef0123456789abcdef',
    imageAlt: 'A map of East Africa',
    options: [],
    imageWidth: 800,
    imageHeight: 600,
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

/** The drawing surface, shown at 400 × 300 for an 800 × 600 picture: a screen pixel is two of the picture's. */
function canvas() {
  const svg = screen.getByRole('group', { name: 'The picture’s areas' });
  svg.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    width: 400,
    height: 300,
    right: 400,
    bottom: 300,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return svg;
}

/** A press, a drag and a release on the picture, in screen pixels. */
function drag(target: Element, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(target, { clientX: from[0], clientY: from[1], button: 0, pointerId: 1 });
  fireEvent.pointerMove(target, { clientX: to[0], clientY: to[1], pointerId: 1 });
  fireEvent.pointerUp(target, { clientX: to[0], clientY: to[1], pointerId: 1 });
}
const click = (target: Element, at: [number, number]) => drag(target, at, at);

function saved(q: QuestionRecord) {
  return stubApi({ 'PUT /question/v-rest/21': () => ok(QuestionBody, { success: true, question: q }) });
}
const body = (sent: ReturnType<typeof stubApi>) => sent[0]!.body as Record<string, unknown>;

/** Writes a text into a field at once (a paste): typing it key by key costs seconds on a busy machine. */
async function fill(me: ReturnType<typeof person>, field: HTMLElement, text: string) {
  await me.click(field);
  await me.paste(text);
}

describe('QuestionEditor: a hotspot question', () => {
  it('draws a rectangle, a circle and a polygon, each an option with its area; ticks the right one', async () => {
    const me = person();
    const q = record({});
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    const svg = canvas();
    drag(svg, [100, 100], [50, 75]); // a rectangle, dragged up and to the left
    await me.click(screen.getByRole('radio', { name: 'Circle' }));
    drag(svg, [300, 100], [320, 100]);
    await me.click(screen.getByRole('radio', { name: 'Polygon' }));
    click(svg, [10, 200]);
    click(svg, [60, 200]);
    click(svg, [35, 250]);
    expect(screen.getByTestId('polygon-start')).toBeTruthy();
    click(svg, [12, 201]); // near the first corner: closes it
    expect(screen.queryByTestId('polygon-start')).toBeNull();

    await fill(me, screen.getByRole('textbox', { name: 'Name of area A' }), 'Lake Victoria');
    await fill(me, screen.getByRole('textbox', { name: 'Name of area B' }), 'Lake Turkana');
    await fill(me, screen.getByRole('textbox', { name: 'Name of area C' }), 'Lake Tanganyika');
    await me.click(screen.getByRole('checkbox', { name: 'area A is right' }));
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const b = body(sent);
    expect(b.options).toEqual([
      { id: 'a', text: 'Lake Victoria', imageUrl: null, area: { shape: 'rect', x: 100, y: 150, w: 100, h: 50 } },
      { id: 'b', text: 'Lake Turkana', imageUrl: null, area: { shape: 'circle', x: 600, y: 200, r: 40 } },
      {
        id: 'c',
        text: 'Lake Tanganyika',
        imageUrl: null,
        area: {
          shape: 'poly',
          points: [
            [20, 400],
            [120, 400],
            [70, 500],
          ],
        },
      },
    ]);
    expect(b).toMatchObject({ imageWidth: 800, imageHeight: 600, maxChoices: 1, targets: [], gapText: '' });
    expect(b.answerKey).toEqual({ type: 'hotspot', correct: ['a'] });
  });

  it('moves an area by dragging it, nudges it with the arrows, types it exactly, removes it with Delete', async () => {
    const me = person();
    const q = record({
      options: [
        { id: 'a', text: 'Lake Victoria', imageUrl: null, area: { shape: 'rect', x: 100, y: 100, w: 100, h: 50 } },
        { id: 'b', text: 'Lake Turkana', imageUrl: null, area: { shape: 'circle', x: 600, y: 200, r: 40 } },
        { id: 'c', text: 'Lake Kivu', imageUrl: null, area: { shape: 'circle', x: 700, y: 500, r: 30 } },
      ],
      answerKey: { type: 'hotspot', correct: ['a', 'b'] },
      maxChoices: 0,
    });
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    const svg = canvas();
    await me.click(screen.getByRole('radio', { name: 'Move' }));
    const a = svg.querySelector('[data-area="a"]')!;
    fireEvent.pointerDown(a, { clientX: 60, clientY: 60, button: 0, pointerId: 1 });
    fireEvent.pointerMove(svg, { clientX: 70, clientY: 65, pointerId: 1 });
    fireEvent.pointerUp(svg, { clientX: 70, clientY: 65, pointerId: 1 });
    expect(screen.getByRole('textbox', { name: 'Left of area A' })).toHaveProperty('value', '120');
    fireEvent.keyDown(svg, { key: 'ArrowDown', shiftKey: true });
    expect(screen.getByRole('textbox', { name: 'Top of area A' })).toHaveProperty('value', '120');

    const radius = screen.getByRole('textbox', { name: 'Radius of area B' });
    await me.clear(radius);
    await me.type(radius, '55');
    fireEvent.pointerDown(svg.querySelector('[data-area="b"]')!, {
      clientX: 300,
      clientY: 100,
      button: 0,
      pointerId: 2,
    });
    fireEvent.pointerUp(svg, { clientX: 300, clientY: 100, pointerId: 2 });
    fireEvent.keyDown(svg, { key: 'Delete' });
    // The areas are lettered by their place: Lake Kivu is B now.
    expect(screen.queryByRole('textbox', { name: 'Name of area C' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name of area B' })).toHaveProperty('value', 'Lake Kivu');

    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(body(sent).options).toEqual([
      { id: 'a', text: 'Lake Victoria', imageUrl: null, area: { shape: 'rect', x: 120, y: 120, w: 100, h: 50 } },
      { id: 'c', text: 'Lake Kivu', imageUrl: null, area: { shape: 'circle', x: 700, y: 500, r: 30 } },
    ]);
    expect(body(sent).answerKey).toEqual({ type: 'hotspot', correct: ['a'] });
    expect(body(sent).maxChoices).toBe(0);
  });

  it('partial credit per area: the marks shared among the right ones, a wrong one may cost', async () => {
    const me = person();
    const q = record({
      options: [
        { id: 'a', text: 'Victoria', imageUrl: null, area: { shape: 'circle', x: 100, y: 100, r: 20 } },
        { id: 'b', text: 'Malawi', imageUrl: null, area: { shape: 'circle', x: 300, y: 300, r: 20 } },
        { id: 'c', text: 'Kariba', imageUrl: null, area: { shape: 'circle', x: 500, y: 300, r: 20 } },
      ],
      answerKey: { type: 'hotspot', correct: ['a', 'b'] },
      maxChoices: 0,
    });
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    await me.click(screen.getByRole('switch', { name: /Partial credit/ }));
    const table = screen.getByRole('table', { name: 'Points per area' });
    expect(within(table).getByRole('textbox', { name: 'Points for Area A' })).toHaveProperty('value', '1');
    expect(within(table).getByText('C: Kariba')).toBeTruthy();
    await me.type(within(table).getByRole('textbox', { name: 'Points for Area C' }), '-1');
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(body(sent).answerKey).toEqual({
      type: 'hotspot',
      correct: ['a', 'b'],
      mapping: {
        entries: [
          { response: 'a', points: 1 },
          { response: 'b', points: 1 },
          { response: 'c', points: -1 },
        ],
        defaultValue: 0,
        lowerBound: 0,
        upperBound: null,
      },
    });
  });

  it('reads the picture’s own size when it loads, and sends it', async () => {
    const me = person();
    const q = record({ imageWidth: null, imageHeight: null });
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    expect(screen.getByText('Reading the picture’s size…')).toBeTruthy();
    const img = screen.getByTestId('question-image');
    Object.defineProperty(img, 'naturalWidth', { value: 1200 });
    Object.defineProperty(img, 'naturalHeight', { value: 900 });
    fireEvent.load(img);
    await me.click(await screen.findByRole('button', { name: 'Add an area by its numbers' }));
    expect(screen.getByRole('textbox', { name: 'Width of area A' })).toHaveProperty('value', '180');
    await fill(me, screen.getByRole('textbox', { name: 'Name of area A' }), 'The middle');
    await me.click(screen.getByRole('button', { name: 'Add an area by its numbers' }));
    await fill(me, screen.getByRole('textbox', { name: 'Name of area B' }), 'The middle again');
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(body(sent)).toMatchObject({ imageWidth: 1200, imageHeight: 900 });
    const middle = { shape: 'rect', x: 510, y: 360, w: 180, h: 180 };
    expect(body(sent).options).toEqual([
      { id: 'a', text: 'The middle', imageUrl: null, area: middle },
      { id: 'b', text: 'The middle again', imageUrl: null, area: middle },
    ]);
  });
  it('a picture replaced by a larger one: the areas keep their places, in the new picture’s pixels', async () => {
    const me = person();
    const q = record({
      options: [
        { id: 'a', text: 'North', imageUrl: null, area: { shape: 'rect', x: 100, y: 100, w: 100, h: 50 } },
        { id: 'b', text: 'South', imageUrl: null, area: { shape: 'circle', x: 400, y: 500, r: 30 } },
      ],
      answerKey: { type: 'hotspot', correct: ['a'] },
    });
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    const img = screen.getByTestId('question-image');
    Object.defineProperty(img, 'naturalWidth', { value: 1600 });
    Object.defineProperty(img, 'naturalHeight', { value: 1200 });
    fireEvent.load(img);
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(body(sent)).toMatchObject({ imageWidth: 1600, imageHeight: 1200 });
    expect((body(sent).options as Array<{ area: unknown }>).map((o) => o.area)).toEqual([
      { shape: 'rect', x: 200, y: 200, w: 200, h: 100 },
      { shape: 'circle', x: 800, y: 1000, r: 60 },
    ]);
  });
});

describe('QuestionEditor: a select-point question', () => {
  it('the key’s areas typed by their numbers, each with its own points', async () => {
    const me = person();
    const q = record({ type: 'select_point', prompt: '<p>Put a point on Pretoria.</p>' });
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    await me.click(screen.getByRole('button', { name: 'Add a key area by its numbers' }));
    await me.click(screen.getByRole('combobox', { name: 'Shape of key area A' }));
    await me.click(await screen.findByRole('option', { name: 'Circle' }));
    const x = screen.getByRole('textbox', { name: 'Centre x of key area A' });
    await me.clear(x);
    await me.type(x, '410');
    await me.click(screen.getByRole('button', { name: 'Add a key area by its numbers' }));
    await me.click(screen.getByRole('switch', { name: /Partial credit/ }));
    const points = screen.getByRole('textbox', { name: 'Points for Area B' });
    expect(points).toHaveProperty('value', '2');
    await me.clear(points);
    await me.type(points, '1');
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(body(sent)).toMatchObject({ options: [], targets: [] });
    expect(body(sent).answerKey).toEqual({
      type: 'select_point',
      areas: [
        { id: 'a', area: { shape: 'circle', x: 410, y: 300, r: 60 } },
        { id: 'b', area: { shape: 'rect', x: 340, y: 240, w: 120, h: 120 } },
      ],
      mapping: {
        entries: [
          { response: 'a', points: 2 },
          { response: 'b', points: 1 },
        ],
        defaultValue: 0,
        lowerBound: 0,
        upperBound: null,
      },
    });
  });
});

describe('QuestionEditor: a picture to label', () => {
  it('labels, places drawn on the picture, the right label for each place; points per pair read label → place', async () => {
    const me = person();
    const q = record({
      type: 'graphic_gap_match',
      prompt: '<p>Label the provinces.</p>',
      options: [
        { id: 'a', text: 'Gauteng', imageUrl: null },
        { id: 'b', text: 'Limpopo', imageUrl: null },
      ],
    });
    const sent = saved(q);
    renderWithApp(<QuestionEditor {...props} question={q} />);
    const svg = canvas();
    drag(svg, [200, 150], [220, 160]);
    drag(svg, [200, 50], [230, 70]);
    await me.click(screen.getByRole('combobox', { name: 'Right label for Place 1' }));
    await me.click(await screen.findByRole('option', { name: 'Gauteng' }));
    await me.click(screen.getByRole('combobox', { name: 'Right label for Place 2' }));
    await me.click(await screen.findByRole('option', { name: 'Limpopo' }));
    await me.click(screen.getByRole('switch', { name: /Partial credit/ }));
    expect(screen.getByRole('textbox', { name: 'Points for Gauteng → Place 1' })).toHaveProperty('value', '1');
    expect(screen.getByRole('textbox', { name: 'Points for Limpopo → Place 2' })).toHaveProperty('value', '1');
    await me.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const b = body(sent);
    expect(b.targets).toEqual([
      { id: 'p1', text: 'Place 1', imageUrl: null, area: { shape: 'rect', x: 400, y: 300, w: 40, h: 20 } },
      { id: 'p2', text: 'Place 2', imageUrl: null, area: { shape: 'rect', x: 400, y: 100, w: 60, h: 40 } },
    ]);
    expect(b.options).toEqual([
      { id: 'a', text: 'Gauteng', imageUrl: null },
      { id: 'b', text: 'Limpopo', imageUrl: null },
    ]);
    expect(b.answerKey).toEqual({
      type: 'graphic_gap_match',
      correct: [
        { source: 'a', target: 'p1' },
        { source: 'b', target: 'p2' },
      ],
      mapping: {
        entries: [
          { response: 'a p1', points: 1 },
          { response: 'b p2', points: 1 },
        ],
        defaultValue: 0,
        lowerBound: 0,
        upperBound: null,
      },
    });
  });
});

import { z } from 'zod';
import { checkQuestion, questionFields } from '#contract/authoring';
import type { FieldError } from '#contract/errors';
import { gapsIn } from '#contract/interactions';
import {
  type AnswerKey,
  Area,
  isGapTextType,
  isPictureType,
  type Pair,
  pairResponse,
  type QuestionOption,
  type QuestionTarget,
  type QuestionType,
  questionTypes,
} from '#contract/questions';
import { restoreCsvCell } from '../../platform/csv.js';
import { htmlText } from '#contract/content';
import { headerKey, readSheet } from '../../platform/spreadsheet/index.js';
import { type TableColumn, tableCsv, tableSheet, writeXlsx as writeSpreadsheet } from '../../platform/xlsx.js';
import { figure } from '#contract/numbers';

/**
 * A module's questions as a spreadsheet (xlsx or csv), one question a row:
 *   type        single | multiple | true_false | numeric | short_text | hotspot | select_point | graphic_gap_match |
 *               gap_match | order | match | inline_choice
 *   prompt      the question (plain text, or HTML that is sanitised on import)
 *   option_a…t  the options: choices, hotspot areas' names, labels or words to place, items to order, a match's
 *               left-hand column
 *   correct     single, inline_choice: a letter; multiple, hotspot: letters joined by ";"; true_false: true/false;
 *               numeric: the value; short_text: accepted answers joined by "|"; order: the letters in the right
 *               order joined by ";"; the pairing types: the right pairs "letter target" joined by ";" ("a p1; b p2");
 *               select_point: the ids of the key's areas joined by ";"
 *   tolerance   numeric only (default 0)
 *   marks, difficulty (easy | medium | hard), image_url, image_alt
 *   shuffle     no: the options keep the order written even when the olympiad shuffles (default yes)
 *   fixed       the letters of options that keep their place when the others are shuffled, joined by ";"
 *   targets     graphic_gap_match's places and match's right-hand column, one a line, each "id: text" (the id may be
 *               left out: p1, p2 … or r1, r2 … in order)
 *   gap_text    gap_match and inline_choice: the text with each gap written {{id}}
 *   areas       the picture types' areas in the picture's pixels, as JSON keyed by id: a hotspot's by option letter,
 *               a graphic gap match's by place, a select point's key areas by their own ids
 *   max_choices hotspot: how many areas a learner may choose (0 any; default 1)
 * A picture's size is read from the picture itself (one of Olympus's uploads), never from the file. Partial credit
 * and how many pairs an item may be in (`matchMax`) are not in the spreadsheet: QTI carries them.
 */
export const optionLetters = [...'abcdefghijklmnopqrst'] as const;
export const columns = [
  'type',
  'prompt',
  ...optionLetters.map((l) => `option_${l}`),
  'correct',
  'tolerance',
  'marks',
  'difficulty',
  'image_url',
  'image_alt',
  'shuffle',
  'fixed',
  'targets',
  'gap_text',
  'areas',
  'max_choices',
] as const;
type Column = (typeof columns)[number];
export const MAX_ROWS = 10_000;

export interface ExportQuestion {
  type: QuestionType;
  prompt: string;
  options: Array<Pick<QuestionOption, 'id' | 'text'> & Partial<QuestionOption>>;
  answerKey: AnswerKey | null;
  marks: number;
  difficulty: string | null;
  imageUrl: string | null;
  imageAlt: string;
  shuffle?: boolean;
  targets?: Array<Pick<QuestionTarget, 'id' | 'text'> & Partial<QuestionTarget>>;
  gapText?: string;
  maxChoices?: number;
}

const pairsCell = (pairs: Pair[]) => pairs.map(pairResponse).join('; ');

function correctCell(key: AnswerKey | null): string {
  if (!key) return '';
  switch (key.type) {
    case 'single':
    case 'inline_choice':
      return key.correct;
    case 'multiple':
    case 'hotspot':
    case 'order':
      return key.correct.join(';');
    case 'true_false':
      return String(key.correct);
    case 'numeric':
      return String(key.value);
    case 'short_text':
      return key.accepted.join('|');
    case 'select_point':
      return key.areas.map((a) => a.id).join(';');
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return pairsCell(key.correct);
  }
}

/** The areas of a picture question keyed by id, as the `areas` cell holds them. */
function areasOf(q: ExportQuestion): Record<string, Area> {
  const entries: Array<[string, Area]> =
    q.type === 'hotspot'
      ? q.options.flatMap((o) => (o.area ? [[o.id, o.area] as [string, Area]] : []))
      : q.type === 'graphic_gap_match'
        ? (q.targets ?? []).flatMap((t) => (t.area ? [[t.id, t.area] as [string, Area]] : []))
        : q.type === 'select_point' && q.answerKey?.type === 'select_point'
          ? q.answerKey.areas.map((a) => [a.id, a.area] as [string, Area])
          : [];
  return Object.fromEntries(entries);
}

export function toRow(q: ExportQuestion): Record<Column, string> {
  const key = q.answerKey;
  const row = Object.fromEntries(columns.map((c) => [c, ''])) as Record<Column, string>;
  row.type = q.type;
  row.prompt = q.prompt;
  for (const o of q.options)
    if ((optionLetters as readonly string[]).includes(o.id)) row[`option_${o.id}` as 'option_a'] = o.text;
  row.correct = correctCell(key);
  row.tolerance = key?.type === 'numeric' ? String(key.tolerance) : '';
  row.marks = String(q.marks);
  row.difficulty = q.difficulty ?? '';
  row.image_url = q.imageUrl ?? '';
  row.image_alt = q.imageAlt;
  row.shuffle = q.shuffle === false ? 'no' : '';
  row.fixed = q.options
    .filter((o) => o.fixed)
    .map((o) => o.id)
    .join(';');
  row.targets =
    q.type === 'match' || q.type === 'graphic_gap_match'
      ? (q.targets ?? []).map((t) => `${t.id}: ${t.text}`).join('\n')
      : '';
  row.gap_text = q.type === 'gap_match' || q.type === 'inline_choice' ? (q.gapText ?? '') : '';
  const areas = areasOf(q);
  row.areas = Object.keys(areas).length ? JSON.stringify(areas) : '';
  row.max_choices = q.type === 'hotspot' ? String(q.maxChoices ?? 1) : '';
  return row;
}

const Row = z.object(questionFields).superRefine(checkQuestion);
export type ParsedQuestion = z.infer<typeof Row>;

/** The types a row may name, in the words the message gives them. */
const typeList = `${questionTypes.slice(0, -1).join(', ')} or ${questionTypes.at(-1)}`;
const splitList = (cell: string) => cell.split(/[;,\s]+/).filter(Boolean);
const yes = ['true', 'waar', 't', '1', 'yes', 'ja', 'y'];
const no = ['false', 'onwaar', 'f', '0', 'no', 'nee', 'n'];

/** Pairs as the `correct` cell writes them: "a p1; b p2". */
function pairsFrom(cell: string): Pair[] | null {
  const pairs: Pair[] = [];
  for (const part of cell
    .split(/[;\n]+/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [source, target, ...rest] = part.split(/\s+/);
    if (!source || !target || rest.length) return null;
    pairs.push({ source: source.toLowerCase(), target });
  }
  return pairs;
}

/** The `targets` cell: one a line, "id: text", or the text alone (then the id by its place). */
function targetsFrom(cell: string, prefix: string): QuestionTarget[] {
  return cell
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, i) => {
      const m = /^([A-Za-z0-9_-]{1,20})\s*:\s*(.*)$/.exec(line);
      return m ? { id: m[1]!, text: m[2]!, imageUrl: null } : { id: `${prefix}${i + 1}`, text: line, imageUrl: null };
    });
}

/** The picture's size, as the import read it from the picture; null when it could not be read. */
export type PictureSizes = ReadonlyMap<string, { width: number; height: number } | null>;

/** One row to a question, or the row's errors. */
export function fromRow(
  raw: Record<string, string>,
  rowNumber: number,
  sizes: PictureSizes = new Map(),
): { question?: ParsedQuestion; errors: FieldError[] } {
  const get = (c: string) => (raw[c] ?? '').trim();
  const errors: FieldError[] = [];
  const err = (column: string, message: string) => errors.push({ path: `row ${rowNumber}: ${column}`, message });
  const type = get('type')
    .toLowerCase()
    .replace(/[\s/-]+/g, '_') as QuestionType;
  if (!(questionTypes as readonly string[]).includes(type)) {
    err('type', `Use ${typeList}`);
    return { errors };
  }
  const fixed = new Set(splitList(get('fixed').toLowerCase()));
  const optionsUsed = !['true_false', 'numeric', 'short_text', 'select_point'].includes(type);
  let areas: Record<string, Area> = {};
  if (get('areas')) {
    try {
      const parsedAreas = z.record(z.string(), Area).safeParse(JSON.parse(get('areas')));
      if (parsedAreas.success) areas = parsedAreas.data;
      else err('areas', 'Write each area as the export does: {"a": {"shape": "circle", "x": 10, "y": 20, "r": 5}}');
    } catch {
      err('areas', 'Write the areas as JSON, as the export does');
    }
  }
  const options = optionsUsed
    ? optionLetters
        .filter((l) => get(`option_${l}`))
        .map((l) => ({
          id: l,
          text: get(`option_${l}`),
          imageUrl: null,
          ...(fixed.has(l) && type !== 'order' && type !== 'hotspot' ? { fixed: true } : {}),
          ...(type === 'hotspot' && areas[l] ? { area: areas[l] } : {}),
        }))
    : [];
  const gapText = type === 'gap_match' || type === 'inline_choice' ? get('gap_text') : '';
  const targets: QuestionTarget[] =
    type === 'match'
      ? targetsFrom(get('targets'), 'r')
      : type === 'graphic_gap_match'
        ? targetsFrom(get('targets'), 'p').map((t) => ({ ...t, ...(areas[t.id] ? { area: areas[t.id] } : {}) }))
        : type === 'gap_match'
          ? [...new Set(gapsIn(gapText))].map((id) => ({ id, text: '', imageUrl: null }))
          : [];
  const correct = get('correct');
  let answerKey: AnswerKey | null = null;
  if (correct) {
    if (type === 'single' || type === 'inline_choice') answerKey = { type, correct: correct.toLowerCase() };
    else if (type === 'multiple' || type === 'hotspot' || type === 'order')
      answerKey = { type, correct: splitList(correct.toLowerCase()) } as AnswerKey;
    else if (type === 'true_false') {
      const v = correct.toLowerCase();
      if ([...yes, ...no].includes(v)) answerKey = { type, correct: yes.includes(v) };
      else err('correct', 'Use true or false');
    } else if (type === 'numeric') {
      const value = Number(correct.replace(',', '.'));
      const tolerance = get('tolerance') ? Number(get('tolerance').replace(',', '.')) : 0;
      if (!Number.isFinite(value)) err('correct', 'Use a number');
      else if (!Number.isFinite(tolerance) || tolerance < 0) err('tolerance', 'Use a number of at least 0');
      else answerKey = { type, value, tolerance };
    } else if (type === 'short_text')
      answerKey = {
        type,
        accepted: correct
          .split('|')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    else if (type === 'select_point') {
      const ids = splitList(correct);
      const missing = ids.filter((id) => !areas[id]);
      if (missing.length) err('areas', `Give the area of ${missing.join(', ')} in the areas column`);
      else answerKey = { type, areas: ids.map((id) => ({ id, area: areas[id]! })) };
    } else {
      const pairs = pairsFrom(correct);
      if (!pairs) err('correct', 'Write each right pair as a letter and a target, e.g. "a p1; b p2"');
      else answerKey = { type, correct: pairs };
    }
  } else err('correct', 'Give the correct answer');
  const shuffleCell = get('shuffle').toLowerCase();
  if (shuffleCell && ![...yes, ...no].includes(shuffleCell)) err('shuffle', 'Use yes or no');
  const maxChoices = get('max_choices') ? Number(get('max_choices')) : 1;
  const marks = get('marks') ? Number(get('marks')) : 1;
  const difficulty = get('difficulty').toLowerCase() || null;
  const imageUrl = get('image_url') || null;
  const size = imageUrl ? sizes.get(imageUrl) : undefined;
  if (isPictureType(type) && imageUrl && !size)
    err('image_url', 'Use a picture uploaded to Olympus, so that its size can be read');
  if (errors.length) return { errors };
  const parsed = Row.safeParse({
    type,
    prompt: get('prompt'),
    options,
    targets,
    gapText,
    maxChoices: type === 'hotspot' ? maxChoices : 1,
    shuffle: !no.includes(shuffleCell),
    answerKey,
    marks,
    difficulty,
    imageUrl,
    imageAlt: get('image_alt'),
    imageWidth: size?.width ?? null,
    imageHeight: size?.height ?? null,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index] = issue.path.map(String);
      const column =
        head === 'options' && index
          ? `option_${optionLetters[Number(index)] ?? index}`
          : head === 'answerKey'
            ? 'correct'
            : head === 'imageUrl' || head === 'imageWidth' || head === 'imageHeight'
              ? 'image_url'
              : head === 'imageAlt'
                ? 'image_alt'
                : head === 'gapText'
                  ? 'gap_text'
                  : head === 'maxChoices'
                    ? 'max_choices'
                    : (head ?? 'row');
      err(column, issue.message);
    }
    return { errors };
  }
  // After sanitising, by the editor's rule: a choice question's options may carry the question alone, as a text
  // with gaps does.
  const choice = type === 'single' || type === 'multiple';
  const asks = choice || (isGapTextType(type) && parsed.data.gapText.trim() !== '');
  if (!htmlText(parsed.data.prompt) && !parsed.data.imageUrl && !asks) err('prompt', 'Write the question');
  return errors.length ? { errors } : { question: parsed.data, errors };
}

/** The distinct picture addresses of the rows whose type is measured on its picture: their sizes are read first. */
export function picturesToMeasure(rows: ReadonlyArray<{ cells: Record<string, string> }>): string[] {
  const urls = new Set<string>();
  for (const { cells } of rows) {
    const type = (cells.type ?? '').trim().toLowerCase() as QuestionType;
    const url = (cells.image_url ?? '').trim();
    if (url && (questionTypes as readonly string[]).includes(type) && isPictureType(type)) urls.add(url);
  }
  return [...urls];
}

/** The template's column names use underscores (`option_a`); a header cell is read as every import reads it. */
const normaliseHeader = (h: string) => headerKey(h).replaceAll(' ', '_');

/**
 * The question rows of an uploaded xlsx or csv (decided by content), read off the event loop by the shared
 * spreadsheet reader and keyed by the header row's column names; each with its row number in the file. Cells
 * our own csv export wrote with a leading ' (platform/csv.ts) read back as they were.
 */
export async function readQuestionRows(bytes: Buffer): Promise<Array<{ row: number; cells: Record<string, string> }>> {
  const sheet = await readSheet(bytes, {
    maxRows: MAX_ROWS,
    tooManyRows: `The file has more than ${figure(MAX_ROWS)} rows; import at most ${figure(MAX_ROWS)} at a time`,
    notSpreadsheet: 'Upload an xlsx or csv file',
    unreadable: 'This xlsx file could not be read',
  });
  const [header, ...rows] = sheet.rows;
  if (!header) return [];
  const names = header.map(normaliseHeader);
  return rows.map((cells, i) => ({
    row: sheet.rowNumbers[i + 1]!,
    cells: Object.fromEntries(names.flatMap((name, col) => (name ? [[name, restoreCsvCell(cells[col] ?? '')]] : []))),
  }));
}

/** Columns that hold a number on every row that has them: a spreadsheet gets number cells, not digits as text. */
const numberColumns: ReadonlySet<string> = new Set(['tolerance', 'marks', 'max_choices']);
const asNumber = (text: string | undefined) => (text && /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : (text ?? null));

/** The export's one table: a column per name in `columns`, the prompt wide. */
const table: TableColumn<Record<string, string>>[] = columns.map((c) => ({
  header: c,
  width: c === 'prompt' ? 60 : 16,
  value: (r) => (numberColumns.has(c) ? asNumber(r[c]) : (r[c] ?? null)),
}));

export const writeCsv = (rows: Array<Record<string, string>>): Buffer => Buffer.from(tableCsv(table, rows), 'utf8');

export const writeXlsx = (rows: Array<Record<string, string>>): Promise<Buffer> =>
  writeSpreadsheet([tableSheet('Questions', table, rows)]);

/** The template: the header and one example of every type. */
export const templateRows: ExportQuestion[] = [
  {
    type: 'single',
    prompt: 'Which is the largest province of South Africa?',
    options: [
      { id: 'a', text: 'Northern Cape' },
      { id: 'b', text: 'Gauteng' },
      { id: 'c', text: 'Limpopo' },
    ],
    answerKey: { type: 'single', correct: 'a' },
    marks: 1,
    difficulty: 'easy',
    imageUrl: null,
    imageAlt: '',
  },
  {
    type: 'multiple',
    prompt: 'Which countries border South Africa?',
    options: [
      { id: 'a', text: 'Namibia' },
      { id: 'b', text: 'Kenya' },
      { id: 'c', text: 'Botswana' },
    ],
    answerKey: { type: 'multiple', correct: ['a', 'c'] },
    marks: 2,
    difficulty: 'medium',
    imageUrl: null,
    imageAlt: '',
  },
  {
    type: 'true_false',
    prompt: 'Cape Town lies on the Atlantic coast.',
    options: [],
    answerKey: { type: 'true_false', correct: true },
    marks: 1,
    difficulty: 'easy',
    imageUrl: null,
    imageAlt: '',
  },
  {
    type: 'numeric',
    prompt: 'How high is Table Mountain, in metres?',
    options: [],
    answerKey: { type: 'numeric', value: 1085, tolerance: 5 },
    marks: 2,
    difficulty: 'hard',
    imageUrl: null,
    imageAlt: '',
  },
  {
    type: 'short_text',
    prompt: 'What is the capital of Lesotho?',
    options: [],
    answerKey: { type: 'short_text', accepted: ['Maseru'] },
    marks: 1,
    difficulty: 'medium',
    imageUrl: null,
    imageAlt: '',
  },
  {
    type: 'gap_match',
    prompt: 'Complete the sentence.',
    options: [
      { id: 'a', text: 'Orange' },
      { id: 'b', text: 'Atlantic' },
      { id: 'c', text: 'Indian' },
    ],
    gapText: 'The {{g1}} River flows into the {{g2}} Ocean.',
    targets: [
      { id: 'g1', text: '' },
      { id: 'g2', text: '' },
    ],
    answerKey: {
      type: 'gap_match',
      correct: [
        { source: 'a', target: 'g1' },
        { source: 'b', target: 'g2' },
      ],
    },
    marks: 2,
    difficulty: 'medium',
    imageUrl: null,
    imageAlt: '',
  },
  {
    type: 'order',
    prompt: 'Put the provinces in order from north to south.',
    options: [
      { id: 'a', text: 'Limpopo' },
      { id: 'b', text: 'Gauteng' },
      { id: 'c', text: 'Free State' },
    ],
    answerKey: { type: 'order', correct: ['a', 'b', 'c'] },
    marks: 1,
    difficulty: 'easy',
    imageUrl: null,
    imageAlt: '',
  },
  {
    type: 'match',
    prompt: 'Match each province to its capital.',
    options: [
      { id: 'a', text: 'Limpopo' },
      { id: 'b', text: 'Free State' },
    ],
    targets: [
      { id: 'r1', text: 'Polokwane' },
      { id: 'r2', text: 'Bloemfontein' },
    ],
    answerKey: {
      type: 'match',
      correct: [
        { source: 'a', target: 'r1' },
        { source: 'b', target: 'r2' },
      ],
    },
    marks: 2,
    difficulty: 'medium',
    imageUrl: null,
    imageAlt: '',
  },
  {
    type: 'inline_choice',
    prompt: 'Choose the word for the gap.',
    options: [
      { id: 'a', text: 'Gauteng' },
      { id: 'b', text: 'Limpopo' },
    ],
    gapText: 'Pretoria lies in {{g1}}.',
    answerKey: { type: 'inline_choice', correct: 'a' },
    marks: 1,
    difficulty: 'easy',
    imageUrl: null,
    imageAlt: '',
  },
];

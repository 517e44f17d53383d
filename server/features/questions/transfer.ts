import { z } from 'zod';
import { checkQuestion, questionFields } from '#contract/authoring';
import type { FieldError } from '#contract/errors';
import type { AnswerKey, QuestionType } from '#contract/questions';
import { restoreCsvCell } from '../../platform/csv.js';
import { htmlText } from '#contract/content';
import { headerKey, readSheet } from '../../platform/spreadsheet/index.js';
import { type TableColumn, tableCsv, tableSheet, writeXlsx as writeSpreadsheet } from '../../platform/xlsx.js';
import { figure } from '#contract/numbers';

/**
 * A module's questions as a spreadsheet (xlsx or csv), one question a row:
 *   type        single | multiple | true_false | numeric | short_text
 *   prompt      the question (plain text, or HTML that is sanitised on import)
 *   option_a…f  the options of choice questions
 *   correct     single: a letter; multiple: letters joined by ";"; true_false: true/false;
 *               numeric: the value; short_text: accepted answers joined by "|"
 *   tolerance   numeric only (default 0)
 *   marks, difficulty (easy | medium | hard), image_url, image_alt
 */
export const optionLetters = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
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
] as const;
export const MAX_ROWS = 10_000;

export interface ExportQuestion {
  type: QuestionType;
  prompt: string;
  options: Array<{ id: string; text: string }>;
  answerKey: AnswerKey | null;
  marks: number;
  difficulty: string | null;
  imageUrl: string | null;
  imageAlt: string;
}

export function toRow(q: ExportQuestion): Record<(typeof columns)[number], string> {
  const key = q.answerKey;
  const correct = !key
    ? ''
    : key.type === 'single'
      ? key.correct
      : key.type === 'multiple'
        ? key.correct.join(';')
        : key.type === 'true_false'
          ? String(key.correct)
          : key.type === 'numeric'
            ? String(key.value)
            : key.accepted.join('|');
  const row = Object.fromEntries(columns.map((c) => [c, ''])) as Record<(typeof columns)[number], string>;
  row.type = q.type;
  row.prompt = q.prompt;
  for (const o of q.options)
    if ((optionLetters as readonly string[]).includes(o.id)) row[`option_${o.id}` as 'option_a'] = o.text;
  row.correct = correct;
  row.tolerance = key?.type === 'numeric' ? String(key.tolerance) : '';
  row.marks = String(q.marks);
  row.difficulty = q.difficulty ?? '';
  row.image_url = q.imageUrl ?? '';
  row.image_alt = q.imageAlt;
  return row;
}

const Row = z.object(questionFields).superRefine(checkQuestion);
export type ParsedQuestion = z.infer<typeof Row>;

/** One row to a question, or the row's errors. */
export function fromRow(
  raw: Record<string, string>,
  rowNumber: number,
): { question?: ParsedQuestion; errors: FieldError[] } {
  const get = (c: string) => (raw[c] ?? '').trim();
  const errors: FieldError[] = [];
  const err = (column: string, message: string) => errors.push({ path: `row ${rowNumber}: ${column}`, message });
  const type = get('type')
    .toLowerCase()
    .replace(/[\s/-]+/g, '_') as QuestionType;
  if (!['single', 'multiple', 'true_false', 'numeric', 'short_text'].includes(type)) {
    err('type', 'Use single, multiple, true_false, numeric or short_text');
    return { errors };
  }
  const choice = type === 'single' || type === 'multiple';
  const options = choice
    ? optionLetters.filter((l) => get(`option_${l}`)).map((l) => ({ id: l, text: get(`option_${l}`), imageUrl: null }))
    : [];
  const correct = get('correct');
  let answerKey: AnswerKey | null = null;
  if (correct) {
    if (type === 'single') answerKey = { type, correct: correct.toLowerCase() };
    else if (type === 'multiple')
      answerKey = {
        type,
        correct: correct
          .toLowerCase()
          .split(/[;,\s]+/)
          .filter(Boolean),
      };
    else if (type === 'true_false') {
      const v = correct.toLowerCase();
      if (['true', 'false', 'waar', 'onwaar', 't', 'f', '1', '0', 'yes', 'no'].includes(v))
        answerKey = { type, correct: ['true', 'waar', 't', '1', 'yes'].includes(v) };
      else err('correct', 'Use true or false');
    } else if (type === 'numeric') {
      const value = Number(correct.replace(',', '.'));
      const tolerance = get('tolerance') ? Number(get('tolerance').replace(',', '.')) : 0;
      if (!Number.isFinite(value)) err('correct', 'Use a number');
      else if (!Number.isFinite(tolerance) || tolerance < 0) err('tolerance', 'Use a number of at least 0');
      else answerKey = { type, value, tolerance };
    } else
      answerKey = {
        type,
        accepted: correct
          .split('|')
          .map((s) => s.trim())
          .filter(Boolean),
      };
  } else err('correct', 'Give the correct answer');
  const marks = get('marks') ? Number(get('marks')) : 1;
  const difficulty = get('difficulty').toLowerCase() || null;
  if (errors.length) return { errors };
  const parsed = Row.safeParse({
    type,
    prompt: get('prompt'),
    options,
    answerKey,
    marks,
    difficulty,
    imageUrl: get('image_url') || null,
    imageAlt: get('image_alt'),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index] = issue.path.map(String);
      const column =
        head === 'options' && index
          ? `option_${optionLetters[Number(index)] ?? index}`
          : head === 'answerKey'
            ? 'correct'
            : head === 'imageUrl'
              ? 'image_url'
              : head === 'imageAlt'
                ? 'image_alt'
                : (head ?? 'row');
      err(column, issue.message);
    }
    return { errors };
  }
  // After sanitising, by the editor's rule: a choice question's options may carry the question alone.
  if (!htmlText(parsed.data.prompt) && !parsed.data.imageUrl && !choice) err('prompt', 'Write the question');
  return errors.length ? { errors } : { question: parsed.data, errors };
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
const numberColumns: ReadonlySet<string> = new Set(['tolerance', 'marks']);
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
];

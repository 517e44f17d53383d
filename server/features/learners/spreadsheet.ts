import { DateOfBirth, type ImportRowError } from '#contract/learners';
import { type GradeRange, inGradeRange, outsideGrades } from '#contract/grades';
import { badRequest, HttpError } from '../../http/errors.js';
import { headerKey, readSheet as readSpreadsheet, type Sheet } from '../../platform/spreadsheet/index.js';
import { figure } from '#contract/numbers';

/** The most learner rows one file may hold. */
export const MAX_ROWS = 20_000;

export type ReadSheet = Sheet;

/**
 * Reads an uploaded file by its content (never its name), off the event loop, stopping past the row cap:
 * an xlsx is a zip; a csv is text.
 */
export const readSheet = (bytes: Buffer): Promise<ReadSheet> =>
  readSpreadsheet(bytes, {
    maxRows: MAX_ROWS,
    tooManyRows: `The file has more than ${figure(MAX_ROWS)} learners; load at most ${figure(MAX_ROWS)} at a time`,
    notSpreadsheet: 'Upload the learners as an Excel workbook (.xlsx) or a CSV file (.csv)',
    unreadable: 'This file could not be read as an Excel workbook. Save it again as .xlsx and upload it.',
  });

const headerPatterns = {
  firstName: /^(first ?names?|name|given ?names?|voornaam|voorname|learner ?first ?name)$/,
  lastName: /^(surname|last ?name|family ?name|van|learner ?surname)$/,
  grade: /^(grade|graad|gr|class ?grade)$/,
  dateOfBirth: /^(date ?of ?birth|birth ?date|dob|d ?o ?b|born|birthday|geboortedatum)$/,
} as const;

export interface CheckedRow {
  row: number;
  firstName: string;
  lastName: string;
  grade: number;
  /** YYYY-MM-DD, when the file has a date-of-birth column (a country's team must: decision 039). */
  dateOfBirth: string | null;
}

/** Does the file need a date of birth on every row (a country's team), or read one only when the column is there? */
export type BirthDates = 'required' | 'optional';

/** "Grade 10", "Gr. 10", "10", 10.0 → 10; anything else → null. */
export function parseGrade(raw: string): number | null {
  const match = /^\s*(?:gr(?:ade|aad)?\.?\s*)?(\d{1,2})(?:\.0+)?\s*$/i.exec(raw);
  return match ? Number(match[1]) : null;
}

/** Trims, joins inner spaces, keeps accents and apostrophes (and makes the typographic one plain). */
const cleanName = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();
export const learnerKey = (firstName: string, lastName: string, grade: number | null) =>
  `${cleanName(firstName).toLocaleLowerCase('en')}|${cleanName(lastName).toLocaleLowerCase('en')}|${grade ?? ''}`;

/** How far down a file its header row may be (its row number): a title, a school's name or a blank row or two above the headings are common. */
export const HEADER_SEARCH_ROWS = 10;

type Field = keyof typeof headerPatterns;
type Columns = Record<Field, number>;
const fieldNames: Record<Field, string> = {
  firstName: 'First name',
  lastName: 'Surname',
  grade: 'Grade',
  dateOfBirth: 'Date of birth',
};

/** Where a row names each column (-1: it does not). */
function columnsOf(cells: readonly string[]): Columns {
  const header = cells.map(headerKey);
  const at = (field: Field) => header.findIndex((h) => headerPatterns[field].test(h));
  return { firstName: at('firstName'), lastName: at('lastName'), grade: at('grade'), dateOfBirth: at('dateOfBirth') };
}

/**
 * The header row: the first row, among the file's first `HEADER_SEARCH_ROWS`, that names every column needed (a
 * title row or two above it is passed over). Else the first that names at least two of them (its missing columns are
 * then reported), else none.
 */
function findHeader(
  sheet: ReadSheet,
  needed: readonly Field[],
): { index: number; col: Columns; complete: boolean } | null {
  let partial: { index: number; col: Columns; complete: false } | null = null;
  for (let i = 0; i < sheet.rows.length && (sheet.rowNumbers[i] ?? i + 1) <= HEADER_SEARCH_ROWS; i++) {
    const col = columnsOf(sheet.rows[i]!);
    if (needed.every((f) => col[f] >= 0)) return { index: i, col, complete: true };
    if (!partial && Object.values(col).filter((c) => c >= 0).length >= 2) partial = { index: i, col, complete: false };
  }
  return partial;
}

/**
 * Checks every row: required fields, the olympiad's grades (`grades`, decision 045), duplicates within the file and
 * against the learners the school already has (`existing`: keys from `learnerKey`). The header row is looked for in
 * the first rows (`headerRow`: its row number; null for a file of bare columns). A file in which no row names the
 * columns, and that is no file of bare columns either, is refused (400): there is nothing to report row by row.
 */
export function checkRows(
  sheet: ReadSheet,
  existing: Set<string>,
  grades: GradeRange,
  birthDates: BirthDates = 'optional',
): { valid: CheckedRow[]; errors: ImportRowError[]; total: number; headerRow: number | null } {
  const errors: ImportRowError[] = [];
  const valid: CheckedRow[] = [];
  if (!sheet.rows.length)
    return {
      valid,
      errors: [{ row: 1, field: 'row', message: 'The file is empty', value: '' }],
      total: 0,
      headerRow: null,
    };

  const required = birthDates === 'required';
  const needed: readonly Field[] = required
    ? ['firstName', 'lastName', 'grade', 'dateOfBirth']
    : ['firstName', 'lastName', 'grade'];
  const found = findHeader(sheet, needed);
  let col: Columns;
  let start: number;
  let headerRow: number | null;
  if (found?.complete) {
    col = found.col;
    start = found.index + 1;
    headerRow = sheet.rowNumbers[found.index] ?? found.index + 1;
  } else if (found) {
    const row = sheet.rowNumbers[found.index] ?? found.index + 1;
    const missing = needed.filter((f) => found.col[f] < 0);
    return {
      valid,
      total: 0,
      headerRow: row,
      errors: [
        {
          row,
          field: 'row',
          value: sheet.rows[found.index]!.join(', ').slice(0, 200),
          message: `Row ${row} names the columns, but not all of them. Missing: ${missing.map((f) => fieldNames[f]).join(', ')}. Use the template.`,
        },
      ],
    };
  } else if (parseGrade(sheet.rows[0]![2] ?? '') != null) {
    // No header at all: a file of three columns is read as first name, surname, grade (and a team's fourth as the
    // date of birth).
    col = { firstName: 0, lastName: 1, grade: 2, dateOfBirth: required ? 3 : -1 };
    start = 0;
    headerRow = null;
  } else {
    throw badRequest(
      `No row among the first ${HEADER_SEARCH_ROWS} names the columns: put the headings ` +
        `${needed.map((f) => fieldNames[f]).join(', ')} in the row above the learners, as in the template`,
    );
  }
  const dataRows = sheet.rows.length - start;
  if (dataRows > MAX_ROWS) {
    throw new HttpError(
      413,
      'payload_too_large',
      `The file has ${dataRows} learners; load at most ${figure(MAX_ROWS)} at a time`,
    );
  }
  const seen = new Map<string, number>();
  for (let i = start; i < sheet.rows.length; i++) {
    const cells = sheet.rows[i]!;
    const row = sheet.rowNumbers[i]!;
    const firstName = cleanName(cells[col.firstName] ?? '');
    const lastName = cleanName(cells[col.lastName] ?? '');
    const gradeRaw = (cells[col.grade] ?? '').trim();
    const before = errors.length;
    if (!firstName) errors.push({ row, field: 'firstName', message: 'The first name is missing', value: '' });
    else if (firstName.length > 100)
      errors.push({
        row,
        field: 'firstName',
        message: 'The first name is longer than 100 characters',
        value: firstName.slice(0, 100),
      });
    if (!lastName) errors.push({ row, field: 'lastName', message: 'The surname is missing', value: '' });
    else if (lastName.length > 100)
      errors.push({
        row,
        field: 'lastName',
        message: 'The surname is longer than 100 characters',
        value: lastName.slice(0, 100),
      });
    const grade = parseGrade(gradeRaw);
    if (!gradeRaw) errors.push({ row, field: 'grade', message: 'The grade is missing', value: '' });
    else if (grade == null)
      errors.push({ row, field: 'grade', message: 'The grade must be a number', value: gradeRaw });
    else if (!inGradeRange(grade, grades)) {
      errors.push({
        row,
        field: 'grade',
        message: outsideGrades(grades),
        value: gradeRaw,
      });
    }
    let dateOfBirth: string | null = null;
    if (col.dateOfBirth >= 0) {
      const raw = (cells[col.dateOfBirth] ?? '').trim();
      const parsed = DateOfBirth.safeParse(raw);
      if (!raw && required)
        errors.push({ row, field: 'dateOfBirth', message: 'The date of birth is missing', value: '' });
      else if (!parsed.success)
        errors.push({
          row,
          field: 'dateOfBirth',
          message: parsed.error.issues[0]?.message ?? 'Enter the date as YYYY-MM-DD',
          value: raw.slice(0, 100),
        });
      else dateOfBirth = parsed.data ?? null;
    }
    if (errors.length > before) continue;
    const key = learnerKey(firstName, lastName, grade);
    const first = seen.get(key);
    if (first != null) {
      errors.push({
        row,
        field: 'row',
        message: `The same learner is on row ${first} too`,
        value: `${firstName} ${lastName}, grade ${grade}`,
      });
      continue;
    }
    seen.set(key, row);
    if (existing.has(key)) {
      errors.push({
        row,
        field: 'row',
        message: 'This learner is loaded already',
        value: `${firstName} ${lastName}, grade ${grade}`,
      });
      continue;
    }
    valid.push({ row, firstName, lastName, grade: grade!, dateOfBirth });
  }
  return { valid, errors, total: sheet.rows.length - start, headerRow };
}

import { DateOfBirth, GRADE_MAX, GRADE_MIN, type ImportRowError } from '#contract/learners';
import { HttpError } from '../../http/errors.js';
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

/**
 * Checks every row: required fields, grade range, duplicates within the file and against the
 * learners the school already has (`existing`: keys from `learnerKey`).
 */
export function checkRows(
  sheet: ReadSheet,
  existing: Set<string>,
  birthDates: BirthDates = 'optional',
): { valid: CheckedRow[]; errors: ImportRowError[]; total: number } {
  const errors: ImportRowError[] = [];
  const valid: CheckedRow[] = [];
  if (!sheet.rows.length)
    return { valid, errors: [{ row: 1, field: 'row', message: 'The file is empty', value: '' }], total: 0 };

  const header = sheet.rows[0]!.map(headerKey);
  const col = {
    firstName: header.findIndex((h) => headerPatterns.firstName.test(h)),
    lastName: header.findIndex((h) => headerPatterns.lastName.test(h)),
    grade: header.findIndex((h) => headerPatterns.grade.test(h)),
    dateOfBirth: header.findIndex((h) => headerPatterns.dateOfBirth.test(h)),
  };
  const needed = birthDates === 'required' ? (['firstName', 'lastName', 'grade', 'dateOfBirth'] as const) : null;
  let start = 1;
  if (col.firstName < 0 || col.lastName < 0 || col.grade < 0 || (needed && col.dateOfBirth < 0)) {
    // No recognisable header: a file of three columns is read as first name, surname, grade (and a team's fourth
    // as the date of birth).
    if (
      col.firstName < 0 &&
      col.lastName < 0 &&
      col.grade < 0 &&
      col.dateOfBirth < 0 &&
      parseGrade(sheet.rows[0]![2] ?? '') != null
    ) {
      col.firstName = 0;
      col.lastName = 1;
      col.grade = 2;
      if (needed) col.dateOfBirth = 3;
      start = 0;
    } else {
      const missing = (needed ?? (['firstName', 'lastName', 'grade'] as const)).filter((k) => col[k] < 0);
      const names = { firstName: 'First name', lastName: 'Surname', grade: 'Grade', dateOfBirth: 'Date of birth' };
      return {
        valid,
        total: 0,
        errors: [
          {
            row: sheet.rowNumbers[0] ?? 1,
            field: 'row',
            value: sheet.rows[0]!.join(', ').slice(0, 200),
            message: `The first row must name the columns. Missing: ${missing.map((k) => names[k]).join(', ')}. Use the template.`,
          },
        ],
      };
    }
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
    else if (grade < GRADE_MIN || grade > GRADE_MAX) {
      errors.push({
        row,
        field: 'grade',
        message: `The grade must be from ${GRADE_MIN} to ${GRADE_MAX}`,
        value: gradeRaw,
      });
    }
    let dateOfBirth: string | null = null;
    if (col.dateOfBirth >= 0) {
      const raw = (cells[col.dateOfBirth] ?? '').trim();
      const parsed = DateOfBirth.safeParse(raw);
      if (!raw && needed)
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
  return { valid, errors, total: sheet.rows.length - start };
}

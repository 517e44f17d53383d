import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { GRADE_MAX, GRADE_MIN, type ImportRowError } from '../../../contract/learners.js';
import { HttpError } from '../../http/errors.js';

/** The most learner rows one file may hold. */
export const MAX_ROWS = 20_000;

export interface ReadSheet {
  rows: string[][];
  /** The spreadsheet row number of rows[i] (1-based, header included). */
  rowNumbers: number[];
  encoding: string;
}

const unsupported = () =>
  new HttpError(415, 'unsupported_media_type', 'Upload the learners as an Excel workbook (.xlsx) or a CSV file (.csv)');

/** Windows-1252's 0x80–0x9F (where it differs from ISO-8859-1); Node's decoder treats the label as latin1. */
const cp1252High = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? cp1252High[b - 0x80]! : b)));
  }
  return out;
}

/**
 * Decodes a CSV's bytes: a UTF-8 byte-order mark, or valid UTF-8, is UTF-8; anything else is read as
 * Windows-1252 (Excel's "CSV" on Windows), so that "Zoë" and "O’Neill" survive either way.
 */
export function decodeText(bytes: Buffer): { text: string; encoding: string } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF-8 (with BOM)' };
  }
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    const le = bytes[0] === 0xff;
    return {
      text: new TextDecoder(le ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2)),
      encoding: le ? 'UTF-16LE' : 'UTF-16BE',
    };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'Windows-1252' };
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('error' in value) return '';
  }
  return String(value);
}

/** Reads an uploaded file by its content (never its name): an xlsx is a zip; a csv is text. */
export async function readSheet(bytes: Buffer): Promise<ReadSheet> {
  const isZip = bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (isZip) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new HttpError(
        400,
        'bad_request',
        'This file could not be read as an Excel workbook. Save it again as .xlsx and upload it.',
      );
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new HttpError(400, 'bad_request', 'The workbook has no worksheet');
    const rows: string[][] = [];
    const rowNumbers: number[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i] ?? null));
      rows.push(cells);
      rowNumbers.push(rowNumber);
    });
    return { rows, rowNumbers, encoding: 'xlsx' };
  }
  // Text: a NUL byte (outside UTF-16) means a binary file that is not a workbook.
  const sample = bytes.subarray(0, 4096);
  const utf16 =
    sample.length >= 2 && ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff));
  if (!utf16 && sample.includes(0)) throw unsupported();
  const { text, encoding } = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  parsed.data.forEach((cells, i) => {
    if (!Array.isArray(cells) || cells.every((c) => String(c ?? '').trim() === '')) return;
    rows.push(cells.map((c) => String(c ?? '')));
    rowNumbers.push(i + 1);
  });
  return { rows, rowNumbers, encoding };
}

const headerPatterns = {
  firstName: /^(first ?names?|name|given ?names?|voornaam|voorname|learner ?first ?name)$/,
  lastName: /^(surname|last ?name|family ?name|van|learner ?surname)$/,
  grade: /^(grade|graad|gr|class ?grade)$/,
} as const;

const normHeader = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[_*.:-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export interface CheckedRow {
  row: number;
  firstName: string;
  lastName: string;
  grade: number;
}

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
): { valid: CheckedRow[]; errors: ImportRowError[]; total: number } {
  const errors: ImportRowError[] = [];
  const valid: CheckedRow[] = [];
  if (!sheet.rows.length)
    return { valid, errors: [{ row: 1, field: 'row', message: 'The file is empty', value: '' }], total: 0 };

  const header = sheet.rows[0]!.map(normHeader);
  const col = {
    firstName: header.findIndex((h) => headerPatterns.firstName.test(h)),
    lastName: header.findIndex((h) => headerPatterns.lastName.test(h)),
    grade: header.findIndex((h) => headerPatterns.grade.test(h)),
  };
  let start = 1;
  if (col.firstName < 0 || col.lastName < 0 || col.grade < 0) {
    // No recognisable header: a file of three columns is read as first name, surname, grade.
    if (col.firstName < 0 && col.lastName < 0 && col.grade < 0 && parseGrade(sheet.rows[0]![2] ?? '') != null) {
      col.firstName = 0;
      col.lastName = 1;
      col.grade = 2;
      start = 0;
    } else {
      const missing = (['firstName', 'lastName', 'grade'] as const).filter((k) => col[k] < 0);
      const names = { firstName: 'First name', lastName: 'Surname', grade: 'Grade' };
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
      `The file has ${dataRows} learners; load at most ${MAX_ROWS.toLocaleString('en')} at a time`,
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
    valid.push({ row, firstName, lastName, grade: grade! });
  }
  return { valid, errors, total: sheet.rows.length - start };
}

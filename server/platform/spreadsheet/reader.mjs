// The one spreadsheet reader behind every import (learners, questions): xlsx read as a stream through the
// capped zip reader, csv decoded the same way everywhere. Plain JavaScript so that it runs in the parsing
// worker thread under tsx, vitest and node alike; read-sheet.ts is the typed entry the features call.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { isZip, openZip, ZipFormatError, ZipLimitError } from './zip.mjs';

/** Windows-1252's 0x80–0x9F (where it differs from ISO-8859-1); Node's decoder treats the label as latin1. */
const cp1252High = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? cp1252High[b - 0x80] : b)));
  }
  return out;
}

/**
 * Decodes a CSV's bytes: a UTF-8 byte-order mark, or valid UTF-8, is UTF-8; a UTF-16 mark is UTF-16; anything
 * else is read as Windows-1252 (Excel's "CSV" on Windows), so that "Zoë" and "O’Neill" survive either way.
 */
export function decodeText(bytes) {
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

function cellText(value) {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if (Array.isArray(value.richText)) return value.richText.map((r) => r.text ?? '').join('');
    if (typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result ?? null);
    if ('error' in value) return '';
  }
  return String(value);
}

const fail = (status, message) => ({ ok: false, status, message });
const tooManyRows = (maxRows) => ({ ok: false, status: 413, message: 'too many rows', tooManyRows: true, maxRows });

/** The first worksheet's file name, from the workbook and its relationships (as Excel orders the tabs). */
function firstSheetPath(reader, zip) {
  const sheets = reader.model?.sheets ?? [];
  for (const sheet of sheets) {
    const rel = (reader.workbookRels ?? []).find((r) => r.Id === sheet.rId);
    if (!rel?.Target) continue;
    const target = rel.Target.startsWith('/') ? rel.Target.slice(1) : `xl/${rel.Target}`;
    if (zip.has(target)) return { path: target, sheet };
  }
  const fallback = zip.names.filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort()[0];
  return fallback ? { path: fallback, sheet: null } : null;
}

/**
 * exceljs's streaming WorkbookReader, fed from the capped zip reader instead of its own unzip: the zip's
 * central directory is checked before anything is inflated, the parts are read in the order the reader needs
 * them (so no worksheet goes to a temporary file), and only the first worksheet is read, row by row.
 */
async function readXlsx(bytes, maxRows, zipLimits) {
  const zip = await openZip(bytes, zipLimits);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(null, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    if (!zip.has('xl/workbook.xml')) return fail(400, 'not a workbook');
    if (zip.has('xl/_rels/workbook.xml.rels')) await reader._parseRels(await zip.stream('xl/_rels/workbook.xml.rels'));
    await reader._parseWorkbook(await zip.stream('xl/workbook.xml'));
    if (zip.has('xl/styles.xml')) await reader._parseStyles(await zip.stream('xl/styles.xml'));
    if (zip.has('xl/sharedStrings.xml')) {
      for await (const _ of reader._parseSharedStrings(await zip.stream('xl/sharedStrings.xml'))) void _;
    }
    reader.sharedStrings ??= [];
    const first = firstSheetPath(reader, zip);
    if (!first) return fail(400, 'no worksheet');
    const sheetNo = /sheet(\d+)\.xml$/.exec(first.path)?.[1] ?? '1';
    const [event] = [...reader._parseWorksheet(await zip.stream(first.path), sheetNo)];
    const worksheet = event.value;
    const rows = [];
    const rowNumbers = [];
    for await (const row of worksheet) {
      const values = row.values;
      const cells = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i] ?? null));
      if (cells.every((c) => c.trim() === '')) continue;
      if (rows.length > maxRows) return tooManyRows(maxRows);
      rows.push(cells);
      rowNumbers.push(row.number);
    }
    return { ok: true, sheet: { rows, rowNumbers, encoding: 'xlsx' } };
  } finally {
    zip.close();
  }
}

function readCsv(bytes, maxRows) {
  // Text: a NUL byte (outside UTF-16) means a binary file that is not a spreadsheet.
  const sample = bytes.subarray(0, 4096);
  const utf16 =
    sample.length >= 2 && ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff));
  if (!utf16 && sample.includes(0)) return fail(415, 'not a spreadsheet');
  const { text, encoding } = decodeText(bytes);
  const rows = [];
  const rowNumbers = [];
  let line = 0;
  let over = false;
  Papa.parse(text, {
    skipEmptyLines: false,
    step: (result, parser) => {
      line++;
      const cells = result.data;
      if (!Array.isArray(cells) || cells.every((c) => String(c ?? '').trim() === '')) return;
      if (rows.length > maxRows) {
        over = true;
        parser.abort();
        return;
      }
      rows.push(cells.map((c) => String(c ?? '')));
      rowNumbers.push(line);
    },
  });
  if (over) return tooManyRows(maxRows);
  return { ok: true, sheet: { rows, rowNumbers, encoding } };
}

/**
 * Reads an uploaded spreadsheet by its content (never its name): a zip is an xlsx workbook, anything else is
 * csv text. Answers the non-empty rows of the first worksheet (the header row included) with their row numbers,
 * stopping as soon as there are more than `maxRows` rows after the header, or a failure to report:
 * { ok: false, status, message } (413 past a limit, 400 unreadable, 415 not a spreadsheet). It never throws for
 * a bad file, so that its answer crosses a worker thread's boundary intact.
 */
export async function readSpreadsheet(bytes, { maxRows, zipLimits } = {}) {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const limit = maxRows ?? Number.MAX_SAFE_INTEGER;
  try {
    if (isZip(buffer)) return await readXlsx(buffer, limit, zipLimits);
    return readCsv(buffer, limit);
  } catch (err) {
    if (err instanceof ZipLimitError) return fail(413, err.message);
    if (err instanceof ZipFormatError) return fail(400, err.message);
    return fail(400, err instanceof Error ? err.message : String(err));
  }
}

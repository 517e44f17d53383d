import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { dateInZone } from '#contract/site-time';
import { units } from '#contract/numbers';
import { type CsvValue, writeCsv } from './csv.js';
import { isoInZone, olympiadTimeZone, wallClockDate } from './dates.js';

/**
 * The one spreadsheet writer of the product's downloads (results, the Payments-Dashboard, reports): sheets of a
 * bold, frozen header row and rows of values. Text goes in as text (a string cell is never a formula, whatever
 * it starts with), numbers as numbers, dates and times as real date cells. `sendDownload` answers a table as csv
 * (the one CSV writer, platform/csv.ts) or xlsx with its file name. A feature describes a table once, as
 * `TableColumn`s over its rows, and makes the sheet with `tableSheet` (the csv twin is `tableCsv`); it never opens
 * exceljs itself.
 *
 * Times are instants (a Date, or ISO text in a `datetime` column). A spreadsheet's date has no zone, so the xlsx
 * holds the wall time of the download's zone (the olympiad's, `olympiadTimeZone` by default) and the csv the same
 * wall time as ISO text with that zone's offset (`2026-03-03T10:00:00+02:00`), never UTC text a person must convert.
 */
export type XlsxValue = CsvValue | Date;

export interface XlsxColumn {
  header: string;
  /** Characters; by default from the header, at least 8 and at most 40. */
  width?: number;
  /**
   * `money`: two decimals with thousands (the value in rands, not cents); `decimal1`: one decimal.
   * `datetime`: an instant (a Date or ISO text), written as a date cell of the zone's wall time (csv: ISO text with
   * the zone's offset). `date`: a calendar day (`YYYY-MM-DD` text, or an instant's day in the zone), written as a
   * date cell (csv: `YYYY-MM-DD`). `text`: kept as typed (e.g. a date of birth as YYYY-MM-DD), never turned into a
   * number or a local date. `id`: a record's id, written as a number when it is one (csv: its digits).
   */
  format?: 'money' | 'decimal1' | 'date' | 'datetime' | 'text' | 'id';
}

/** Where a download's times are read: the zone whose wall clock the cells show. */
export interface ZoneOption {
  timeZone?: string;
}

export interface XlsxSheet {
  /** At most 31 characters (Excel's limit); longer names are cut. */
  name: string;
  columns: readonly XlsxColumn[];
  rows: Iterable<readonly XlsxValue[]>;
}

/** One column of a table: its header, where each row's value comes from (a field, or a function of the row), how it shows. */
export interface TableColumn<T> {
  header: string;
  value: (keyof T & string) | ((row: T) => XlsxValue);
  /** Characters; by default from the header, at least 8 and at most 40. */
  width?: number;
  /** As `XlsxColumn`'s, and `cents`: the value is integer cents, written in the currency's units as money. */
  format?: XlsxColumn['format'] | 'cents';
}

function cellOf<T>(column: TableColumn<T>, row: T): XlsxValue {
  const v = typeof column.value === 'function' ? column.value(row) : (row[column.value] as XlsxValue);
  if (column.format === 'cents' && typeof v === 'number') return units(v);
  // An id kept as text (an audit row's entity id) is still a number to whoever sorts or looks it up.
  if (column.format === 'id' && typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  return v;
}

/** A sheet of a table: one row per item, one cell per column. */
export function tableSheet<T>(name: string, columns: readonly TableColumn<T>[], rows: Iterable<T>): XlsxSheet {
  return {
    name,
    columns: columns.map(({ header, width, format }) => ({
      header,
      ...(width ? { width } : {}),
      ...(format ? { format: format === 'cents' ? 'money' : format } : {}),
    })),
    rows: Array.from(rows, (row) => columns.map((c) => cellOf(c, row))),
  };
}

/**
 * The same table as csv, through the one CSV writer (always with a BOM unless told otherwise): times as ISO text on
 * the zone's wall clock with its offset, days as `YYYY-MM-DD`.
 */
export function tableCsv<T>(
  columns: readonly TableColumn<T>[],
  rows: Iterable<T>,
  options: { bom?: boolean } & ZoneOption = {},
): string {
  return sheetCsv(tableSheet('csv', columns, rows), options);
}

/** ISO 8601 text that names its zone (`Z` or an offset), so it is one instant wherever it is read. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An instant a cell holds, or null when it holds none (empty, or text that is not a time with its zone). */
function instantOf(v: XlsxValue): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v !== 'string' || !INSTANT.test(v)) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A csv cell: a time on the zone's wall clock with its offset, a day as it is, anything else as given. */
function csvValue(v: XlsxValue, format: XlsxColumn['format'], zone: string): CsvValue {
  if (format === 'date') {
    if (typeof v === 'string' && DAY.test(v)) return v;
    const at = instantOf(v);
    return at ? dateInZone(at, zone) : v instanceof Date ? null : v;
  }
  if (format === 'datetime' || v instanceof Date) {
    const at = instantOf(v);
    return at ? isoInZone(at, zone) : v instanceof Date ? null : v;
  }
  return v;
}

function sheetCsv(sheet: XlsxSheet | undefined, options: { bom?: boolean } & ZoneOption = {}): string {
  const zone = options.timeZone ?? olympiadTimeZone;
  const formats = sheet?.columns.map((c) => c.format) ?? [];
  return writeCsv(
    sheet?.columns.map((c) => c.header) ?? [],
    [...(sheet?.rows ?? [])].map((row) => row.map((v, i) => csvValue(v, formats[i], zone))),
    { bom: options.bom ?? true },
  );
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const numFmts: Record<NonNullable<XlsxColumn['format']>, string> = {
  money: '#,##0.00',
  text: '@',
  decimal1: '0.0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
  id: '0',
};

/** A day as a date cell: midnight of that day, with no zone to shift it. */
function dayCell([, y, m, d]: RegExpExecArray): Date {
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
}

/**
 * An xlsx cell: a time as the wall time of `zone` (a date cell has no zone of its own), a day as that day, anything
 * else as given. Text in a date or time column that is no date stays text rather than becoming a wrong date.
 */
function xlsxValue(v: XlsxValue, format: XlsxColumn['format'], zone: string): ExcelJS.CellValue {
  if (v == null) return null;
  if (format === 'date') {
    const day = typeof v === 'string' ? DAY.exec(v) : null;
    if (day) return dayCell(day);
    const at = instantOf(v);
    if (at) return dayCell(DAY.exec(dateInZone(at, zone))!);
    return v === '' || v instanceof Date ? null : v;
  }
  if (format === 'datetime' || v instanceof Date) {
    const at = instantOf(v);
    if (at) return wallClockDate(at, zone);
    return v === '' || v instanceof Date ? null : v;
  }
  return v;
}

/** A workbook of the given sheets, as the bytes of an xlsx file; times on the wall clock of `timeZone`. */
export async function writeXlsx(sheets: readonly XlsxSheet[], options: ZoneOption = {}): Promise<Buffer> {
  const zone = options.timeZone ?? olympiadTimeZone;
  const book = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = book.addWorksheet(s.name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
    ws.columns = s.columns.map((c) => ({
      header: c.header,
      width: c.width ?? Math.min(40, Math.max(8, c.header.length + 2)),
      ...(c.format ? { style: { numFmt: numFmts[c.format] } } : {}),
    }));
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of s.rows) {
      const added = ws.addRow(row.map((v, i) => xlsxValue(v, s.columns[i]?.format, zone)));
      // A time in a column that says no format still shows as a date and time, not as a bare serial number.
      row.forEach((v, i) => {
        if (v instanceof Date && !s.columns[i]?.format) added.getCell(i + 1).numFmt = numFmts.datetime;
      });
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Answers an xlsx download named `filename`. */
export async function sendXlsx(
  reply: FastifyReply,
  filename: string,
  sheets: readonly XlsxSheet[],
  options: ZoneOption = {},
) {
  const bytes = await writeXlsx(sheets, options);
  return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${filename}"`).send(bytes);
}

/**
 * A report's download: `csv` is the first sheet through the one CSV writer (times as ISO text in the zone, with
 * its offset); `xlsx` every sheet, times as date cells of the zone's wall time. `basename` is the file's name
 * without its extension.
 */
export async function sendDownload(
  reply: FastifyReply,
  format: 'csv' | 'xlsx',
  basename: string,
  sheets: readonly XlsxSheet[],
  options: ZoneOption = {},
) {
  if (format === 'xlsx') return sendXlsx(reply, `${basename}.xlsx`, sheets, options);
  const csv = sheetCsv(sheets[0], options);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${basename}.csv"`)
    .send(csv);
}

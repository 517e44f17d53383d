import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { units } from '#contract/numbers';
import { type CsvValue, writeCsv } from './csv.js';

/**
 * The one spreadsheet writer of the product's downloads (results, the Payments-Dashboard, reports): sheets of a
 * bold, frozen header row and rows of values. Text goes in as text (a string cell is never a formula, whatever
 * it starts with), numbers as numbers, dates as dates. `sendDownload` answers a table as csv (the one CSV
 * writer, platform/csv.ts) or xlsx with its file name. A feature describes a table once, as `TableColumn`s over
 * its rows, and makes the sheet with `tableSheet` (the csv twin is `tableCsv`); it never opens exceljs itself.
 */
export type XlsxValue = CsvValue | Date;

export interface XlsxColumn {
  header: string;
  /** Characters; by default from the header, at least 8 and at most 40. */
  width?: number;
  /** `money`: two decimals with thousands (the value in rands, not cents); `decimal1`: one decimal. */
  /** `text`: kept as typed (e.g. a date of birth as YYYY-MM-DD), never turned into a number or a local date. */
  format?: 'money' | 'decimal1' | 'date' | 'datetime' | 'text';
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
  return column.format === 'cents' && typeof v === 'number' ? units(v) : v;
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

/** The same table as csv, through the one CSV writer (dates as ISO text). */
export function tableCsv<T>(columns: readonly TableColumn<T>[], rows: Iterable<T>, options = { bom: true }): string {
  return sheetCsv(tableSheet('csv', columns, rows), options);
}

function sheetCsv(sheet: XlsxSheet | undefined, options = { bom: true }): string {
  return writeCsv(
    sheet?.columns.map((c) => c.header) ?? [],
    [...(sheet?.rows ?? [])].map((row) => row.map((v) => (v instanceof Date ? v.toISOString() : v))),
    options,
  );
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const numFmts: Record<NonNullable<XlsxColumn['format']>, string> = {
  money: '#,##0.00',
  text: '@',
  decimal1: '0.0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

/** A workbook of the given sheets, as the bytes of an xlsx file. */
export async function writeXlsx(sheets: readonly XlsxSheet[]): Promise<Buffer> {
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
    for (const row of s.rows) ws.addRow(row.map((v) => (v == null ? null : v)));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Answers an xlsx download named `filename`. */
export async function sendXlsx(reply: FastifyReply, filename: string, sheets: readonly XlsxSheet[]) {
  const bytes = await writeXlsx(sheets);
  return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${filename}"`).send(bytes);
}

/**
 * A report's download: `csv` is the first sheet through the one CSV writer (dates as ISO text); `xlsx` every
 * sheet. `basename` is the file's name without its extension.
 */
export async function sendDownload(
  reply: FastifyReply,
  format: 'csv' | 'xlsx',
  basename: string,
  sheets: readonly XlsxSheet[],
) {
  if (format === 'xlsx') return sendXlsx(reply, `${basename}.xlsx`, sheets);
  const csv = sheetCsv(sheets[0]);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${basename}.csv"`)
    .send(csv);
}

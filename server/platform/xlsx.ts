import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { type CsvValue, writeCsv } from './csv.js';

/**
 * The one spreadsheet writer of the product's downloads (results, the Payments-Dashboard, reports): sheets of a
 * bold, frozen header row and rows of values. Text goes in as text (a string cell is never a formula, whatever
 * it starts with), numbers as numbers, dates as dates. `sendDownload` answers a table as csv (the one CSV
 * writer, platform/csv.ts) or xlsx with its file name.
 */
export type XlsxValue = CsvValue | Date;

export interface XlsxColumn {
  header: string;
  /** Characters; by default from the header, at least 8 and at most 40. */
  width?: number;
  /** `money`: two decimals with thousands (the value in rands, not cents); `decimal1`: one decimal. */
  format?: 'money' | 'decimal1' | 'date' | 'datetime';
}

export interface XlsxSheet {
  /** At most 31 characters (Excel's limit); longer names are cut. */
  name: string;
  columns: readonly XlsxColumn[];
  rows: Iterable<readonly XlsxValue[]>;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const numFmts: Record<NonNullable<XlsxColumn['format']>, string> = {
  money: '#,##0.00',
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
  const [first] = sheets;
  const csv = writeCsv(
    first?.columns.map((c) => c.header) ?? [],
    [...(first?.rows ?? [])].map((row) => row.map((v) => (v instanceof Date ? v.toISOString() : v))),
  );
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${basename}.csv"`)
    .send(csv);
}

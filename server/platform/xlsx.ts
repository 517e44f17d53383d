import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { type CsvValue, writeCsv } from './csv.js';

/**
 * The one xlsx writer (results downloads, the activity log, learner login activity): a header row in bold and
 * frozen, then the rows. Text goes in as text (never a formula), numbers as numbers.
 */
export async function writeXlsx(
  sheet: string,
  header: readonly string[],
  body: Iterable<readonly CsvValue[]>,
  width: (column: number) => number = (i) => Math.min(40, Math.max(8, header[i]!.length + 2)),
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet.slice(0, 31));
  ws.addRow([...header]);
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of body) ws.addRow(row.map((v) => (v == null ? null : v)));
  ws.columns.forEach((c, i) => (c.width = width(i)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Answers a table as a download: CSV (the one CSV writer) or xlsx, named `<name>.<format>`. */
export async function sendTable(
  reply: FastifyReply,
  t: { name: string; sheet: string; format: 'csv' | 'xlsx'; header: readonly string[]; body: CsvValue[][] },
): Promise<FastifyReply> {
  reply.header('content-disposition', `attachment; filename="${t.name}.${t.format}"`);
  if (t.format === 'csv') return reply.type('text/csv; charset=utf-8').send(writeCsv(t.header, t.body));
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(await writeXlsx(t.sheet, t.header, t.body));
}

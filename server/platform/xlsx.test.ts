import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { tableCsv, tableSheet, writeXlsx } from './xlsx.js';

describe('writeXlsx (the one spreadsheet writer)', () => {
  it('writes each sheet with a bold, frozen header; text stays text, numbers numbers, money formatted', async () => {
    const bytes = await writeXlsx([
      {
        name: 'Figures: all/olympiads [2026] and a very long name indeed',
        columns: [{ header: 'Name' }, { header: 'Learners' }, { header: 'Invoiced', format: 'money' }],
        rows: [
          ['=HYPERLINK("http://x")', 12, 201.25],
          [null, 0, null],
        ],
      },
      { name: 'Second', columns: [{ header: 'Day', width: 12 }], rows: [['2026-03-03']] },
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const [first, second] = book.worksheets;
    expect(first!.name).toBe('Figures  all olympiads  2026  a');
    expect(first!.getRow(1).font?.bold).toBe(true);
    expect(first!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const cell = first!.getCell('A2');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://x")');
    expect(first!.getCell('B2').value).toBe(12);
    expect(first!.getCell('C2').numFmt).toBe('#,##0.00');
    expect(first!.getCell('A3').value).toBeNull();
    expect(second!.getCell('A2').value).toBe('2026-03-03');
  });

  it('makes a sheet of a table: a field or a function per column, cents written as money in rands', async () => {
    const rows = [
      { name: '=SUM(A1)', learners: 12, invoicedCents: 20125, town: null as string | null },
      { name: 'Zoë', learners: 0, invoicedCents: 0, town: 'Soweto' },
    ];
    const sheet = tableSheet(
      'Orders',
      [
        { header: 'School', width: 30, value: 'name' },
        { header: 'Learners', value: 'learners' },
        { header: 'Invoiced', format: 'cents', value: 'invoicedCents' },
        { header: 'Town', value: (r) => r.town ?? '' },
      ],
      rows,
    );
    expect(sheet.columns).toEqual([
      { header: 'School', width: 30 },
      { header: 'Learners' },
      { header: 'Invoiced', format: 'money' },
      { header: 'Town' },
    ]);
    expect([...sheet.rows]).toEqual([
      ['=SUM(A1)', 12, 201.25, ''],
      ['Zoë', 0, 0, 'Soweto'],
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await writeXlsx([sheet])) as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.getColumn(1).width).toBe(30);
    expect(ws.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('C2').value).toBe(201.25);
    expect(ws.getCell('C2').numFmt).toBe('#,##0.00');
  });

  it('writes the same table as csv through the one CSV writer, formulas neutralised', () => {
    const columns = [
      { header: 'Name', value: 'name' as const },
      { header: 'Paid', format: 'cents' as const, value: 'paidCents' as const },
      { header: 'At', value: () => new Date('2026-03-03T08:00:00Z') },
    ];
    expect(tableCsv(columns, [{ name: '=1+1', paidCents: 350 }], { bom: false })).toBe(
      "Name,Paid,At\r\n'=1+1,3.5,2026-03-03T08:00:00.000Z\r\n",
    );
    expect(tableCsv(columns, [])).toBe('\uFEFFName,Paid,At\r\n');
  });
});

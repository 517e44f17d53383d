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
      "Name,Paid,At\r\n'=1+1,3.5,2026-03-03T10:00:00+02:00\r\n",
    );
    expect(tableCsv(columns, [])).toBe('\uFEFFName,Paid,At\r\n');
  });
});

describe('times, days and ids in a download', () => {
  const rows = [
    // 22:30 UTC is already the next day in South Africa.
    { at: '2026-03-03T22:30:00.000Z', day: '2026-03-04', id: '17', stamp: new Date('2026-07-01T06:05:00Z') },
    { at: null, day: '', id: 'sys', stamp: null },
  ];
  const columns = [
    { header: 'At', format: 'datetime' as const, value: 'at' as const },
    { header: 'Day', format: 'date' as const, value: 'day' as const },
    { header: 'Record id', format: 'id' as const, value: 'id' as const },
    { header: 'Stamp', value: 'stamp' as const },
  ];

  it('writes real date cells of the zone’s wall time, with a number format, and ids as numbers', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await writeXlsx([tableSheet('Times', columns, rows)])) as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const at = ws.getCell('A2');
    expect(at.type).toBe(ExcelJS.ValueType.Date);
    // A spreadsheet's date has no zone: it holds what the clock in Johannesburg read (UTC+2).
    expect((at.value as Date).toISOString()).toBe('2026-03-04T00:30:00.000Z');
    expect(at.numFmt).toBe('yyyy-mm-dd hh:mm');
    const day = ws.getCell('B2');
    expect(day.type).toBe(ExcelJS.ValueType.Date);
    expect((day.value as Date).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(day.numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell('C2').type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getCell('C2').value).toBe(17);
    const stamp = ws.getCell('D2');
    expect(stamp.type).toBe(ExcelJS.ValueType.Date);
    expect((stamp.value as Date).toISOString()).toBe('2026-07-01T08:05:00.000Z');
    expect(stamp.numFmt).toBe('yyyy-mm-dd hh:mm');
    // Nothing to show stays empty; an id that is not a number stays its text.
    expect(ws.getCell('A3').value).toBeNull();
    expect(ws.getCell('B3').value).toBeNull();
    expect(ws.getCell('C3').value).toBe('sys');
  });

  it('shows another zone’s wall time when the download names one', async () => {
    const book = new ExcelJS.Workbook();
    const bytes = await writeXlsx([tableSheet('Times', columns, rows)], { timeZone: 'Europe/Berlin' });
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getCell('A2').value as Date).toISOString()).toBe('2026-03-03T23:30:00.000Z');
  });

  it('writes csv times as ISO text in the zone with its offset, days as days, behind a BOM', () => {
    const csv = tableCsv(columns, rows);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe(
      'At,Day,Record id,Stamp\r\n2026-03-04T00:30:00+02:00,2026-03-04,17,2026-07-01T08:05:00+02:00\r\n,,sys,\r\n',
    );
    expect(tableCsv(columns, rows.slice(0, 1), { bom: false, timeZone: 'America/St_Johns' })).toBe(
      'At,Day,Record id,Stamp\r\n2026-03-03T19:00:00-03:30,2026-03-04,17,2026-07-01T03:35:00-02:30\r\n',
    );
  });
});

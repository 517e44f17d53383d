import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx } from './xlsx.js';

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
});

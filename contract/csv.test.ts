import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseCell, restoreCsvCell, writeCsv } from './csv.js';

describe('the one CSV writer', () => {
  it('writes cells a spreadsheet would run as formulas as text', () => {
    for (const v of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\t=x', '\r=x', '-', '+', '=']) {
      expect(neutraliseCell(v), JSON.stringify(v)).toBe(`'${v}`);
      expect(restoreCsvCell(neutraliseCell(v))).toBe(v);
    }
  });

  it('leaves ordinary text and plain numbers alone', () => {
    for (const v of ['Zoë', "O'Neill", '-5', '+27', '3.5', '-0.25', 'a=b', "'quoted", '']) {
      expect(neutraliseCell(v), v).toBe(v);
      expect(restoreCsvCell(v), v).toBe(v);
    }
    expect(neutraliseCell(-5)).toBe('-5');
    expect(neutraliseCell(null)).toBe('');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(writeCsv(['a', 'b'], [['=1', 2]])).toBe("\uFEFFa,b\r\n'=1,2\r\n");
    expect(writeCsv(['a'], [], { bom: false })).toBe('a\r\n');
  });
});

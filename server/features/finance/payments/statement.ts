import { createHash } from 'node:crypto';
import type { Sheet } from '../../../platform/spreadsheet/index.js';
import { headerKey } from '../../../platform/spreadsheet/index.js';

/**
 * Reading a bank statement export (decision 032). The common South African banks' csv exports differ in their
 * preamble and column names, not in substance: every one has a header row naming a date, an amount (or money in
 * and money out) and a description, some a reference. The header row is found among the first rows by those
 * names; `generic` takes the column names from the person. Amounts become integer cents from their text, never
 * through a float.
 */
export type StatementFormat = 'auto' | 'fnb' | 'absa' | 'standard-bank' | 'nedbank' | 'capitec' | 'generic';

export interface StatementColumns {
  dateColumn?: string | undefined;
  amountColumn?: string | undefined;
  referenceColumn?: string | undefined;
  descriptionColumn?: string | undefined;
}

export interface ParsedLine {
  lineNo: number;
  postedOn: string | null;
  amountCents: number | null;
  reference: string;
  description: string;
  /** Why the line cannot be used (no date, no amount), in plain words. */
  problem: string | null;
  fingerprint: string;
}

export interface ParsedStatement {
  format: Exclude<StatementFormat, 'auto'>;
  lines: ParsedLine[];
}

const names = {
  date: ['date', 'transaction date', 'posting date', 'value date', 'trans date', 'txn date', 'date posted'],
  amount: ['amount', 'transaction amount', 'amount zar', 'value'],
  moneyIn: ['money in', 'credit', 'credit amount', 'credits', 'deposit', 'deposits', 'in'],
  moneyOut: ['money out', 'debit', 'debit amount', 'debits', 'withdrawal', 'withdrawals', 'out'],
  reference: ['reference', 'their reference', 'customer reference', 'payment reference', 'ref'],
  description: [
    'description',
    'original description',
    'transaction description',
    'narrative',
    'details',
    'transaction details',
    'statement description',
  ],
};

/** Which bank's export a header row looks like (for the record and the report; parsing is by column names). */
function detect(header: string[]): Exclude<StatementFormat, 'auto' | 'generic'> {
  const has = (k: string) => header.includes(k);
  if (has('money in') && has('money out')) return 'capitec';
  if (has('available balance') || has('transaction date')) return 'nedbank';
  if (has('reference') && has('description')) return 'standard-bank';
  if (header[0] === 'date' && header[1] === 'description') return 'absa';
  return 'fnb';
}

const months: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** A statement date as YYYY-MM-DD, or null. Day-first when ambiguous (South African banks print day first). */
export function parseDay(text: string): string | null {
  const t = text.trim();
  let y: string | undefined, m: string | undefined, d: string | undefined;
  let r: RegExpMatchArray | null;
  if ((r = t.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/))) [, y, m, d] = r;
  else if ((r = t.match(/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})/))) [, d, m, y] = r;
  else if ((r = t.match(/^(\d{4})(\d{2})(\d{2})$/))) [, y, m, d] = r;
  else if ((r = t.match(/^(\d{1,2})[\s-]([A-Za-z]{3})[A-Za-z]*[\s-](\d{4})/))) {
    d = r[1];
    m = months[r[2]!.toLowerCase()];
    y = r[3];
  }
  if (!y || !m || !d) return null;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * An amount as integer cents: "1 234.50", "1,234.50", "1234,50", "R 350", "-350.00", "350.00 Cr", "(350.00)",
 * "350.00 Dr". Null when it is not a number.
 */
export function parseCents(text: string): number | null {
  let t = text.trim().replace(/^R\s*/i, '').replace(/ZAR/i, '').trim();
  if (!t) return null;
  let sign = 1;
  if (/^\(.*\)$/.test(t)) {
    sign = -1;
    t = t.slice(1, -1);
  }
  if (/\s*dr$/i.test(t)) {
    sign = -1;
    t = t.replace(/\s*dr$/i, '');
  } else t = t.replace(/\s*cr$/i, '');
  if (t.startsWith('-')) {
    sign = -sign;
    t = t.slice(1);
  } else if (t.startsWith('+')) t = t.slice(1);
  t = t.replace(/[\s\u00a0']/g, '');
  const lastDot = t.lastIndexOf('.');
  const lastComma = t.lastIndexOf(',');
  let whole: string;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const at = Math.max(lastDot, lastComma);
    whole = t.slice(0, at).replace(/[.,]/g, '');
    fraction = t.slice(at + 1);
  } else if (lastComma >= 0 && /,\d{1,2}$/.test(t)) {
    whole = t.slice(0, lastComma);
    fraction = t.slice(lastComma + 1);
  } else if (lastDot >= 0 && /\.\d{1,2}$/.test(t)) {
    whole = t.slice(0, lastDot).replace(/\./g, '');
    fraction = t.slice(lastDot + 1);
  } else whole = t.replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? sign * cents : null;
}

function findColumn(header: string[], candidates: string[], named?: string): number {
  if (named) return header.indexOf(headerKey(named));
  for (const c of candidates) {
    const i = header.indexOf(c);
    if (i >= 0) return i;
  }
  return -1;
}

export class StatementError extends Error {}

/** The statement's lines, from the rows of its first sheet (csv or xlsx). */
export function parseStatement(sheet: Sheet, format: StatementFormat, columns: StatementColumns = {}): ParsedStatement {
  const generic = format === 'generic';
  if (generic && (!columns.dateColumn || !columns.amountColumn))
    throw new StatementError('For a generic statement, name at least its date and amount columns');
  let headerAt = -1;
  let header: string[] = [];
  for (let i = 0; i < Math.min(sheet.rows.length, 25); i++) {
    const keys = sheet.rows[i]!.map(headerKey);
    const date = findColumn(keys, names.date, generic ? columns.dateColumn : undefined);
    const amount = findColumn(keys, names.amount, generic ? columns.amountColumn : undefined);
    const moneyIn = findColumn(keys, names.moneyIn);
    if (date >= 0 && (amount >= 0 || moneyIn >= 0)) {
      headerAt = i;
      header = keys;
      break;
    }
  }
  if (headerAt < 0)
    throw new StatementError(
      generic
        ? 'The columns named were not found in the first rows of the file'
        : 'No header row with a date and an amount column was found: choose the generic format and name the columns',
    );
  const col = {
    date: findColumn(header, names.date, generic ? columns.dateColumn : undefined),
    amount: findColumn(header, names.amount, generic ? columns.amountColumn : undefined),
    moneyIn: generic ? -1 : findColumn(header, names.moneyIn),
    moneyOut: generic ? -1 : findColumn(header, names.moneyOut),
    reference: findColumn(header, names.reference, generic ? columns.referenceColumn : undefined),
    /** Every description-like column (Capitec has a short and an original description): all are kept. */
    descriptions: generic
      ? [findColumn(header, names.description, columns.descriptionColumn)].filter((i) => i >= 0)
      : names.description.map((n) => header.indexOf(n)).filter((i) => i >= 0),
  };
  const seen = new Map<string, number>();
  const lines: ParsedLine[] = [];
  for (let i = headerAt + 1; i < sheet.rows.length; i++) {
    const row = sheet.rows[i]!;
    const cell = (c: number) => (c >= 0 ? (row[c] ?? '').trim() : '');
    if (row.every((c) => !c.trim())) continue;
    const postedOn = parseDay(cell(col.date));
    let amountCents: number | null;
    if (col.amount >= 0) amountCents = parseCents(cell(col.amount));
    else {
      const moneyIn = cell(col.moneyIn) ? parseCents(cell(col.moneyIn)) : 0;
      const moneyOut = cell(col.moneyOut) ? parseCents(cell(col.moneyOut)) : 0;
      amountCents = moneyIn == null || moneyOut == null ? null : moneyIn - Math.abs(moneyOut);
    }
    const reference = cell(col.reference);
    const description = [...new Set(col.descriptions.map(cell).filter(Boolean))].join(' · ');
    const problem = !postedOn
      ? `The date “${cell(col.date)}” could not be read`
      : amountCents == null
        ? 'The amount could not be read'
        : null;
    const key = [postedOn, amountCents, reference.toUpperCase(), description.toUpperCase()].join('|');
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    lines.push({
      lineNo: sheet.rowNumbers[i] ?? i + 1,
      postedOn,
      amountCents,
      reference,
      description,
      problem,
      fingerprint: createHash('sha256').update(`${key}|${occurrence}`).digest('hex'),
    });
  }
  return { format: generic ? 'generic' : format === 'auto' ? detect(header) : format, lines };
}

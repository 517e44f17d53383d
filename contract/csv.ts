/**
 * The one CSV writer of the product (slips, question export, unsubscribes, any export), on the server and in the
 * browser alike: it lives in the contract so that a CSV built in the browser (questions by difficulty) neutralises
 * formula-like cells by the same rule as every download the server writes.
 *
 * A spreadsheet opening a CSV runs a cell that starts with `=`, `+`, `-` or `@` as a formula (and a tab
 * or carriage return in front of one is skipped), so a learner named `=HYPERLINK(…)` or an address
 * `@SUM(…)` would run on the teacher's or admin's machine. Such a cell is written with a leading `'`,
 * which spreadsheets show as text; a plain number (`-5`, `+27.5`) is left as it is, since it can only
 * ever be that number. `restoreCsvCell` undoes it when our own export is imported again.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** A cell's text as it is safe to put in a spreadsheet. */
export function neutraliseCell(value: CsvValue): string {
  const text = value == null ? '' : String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The inverse of `neutraliseCell` for a cell read back from one of our CSV files. */
export function restoreCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) && !PLAIN_NUMBER.test(text.slice(1))
    ? text.slice(1)
    : text;
}

/** One cell, neutralised and quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: CsvValue): string {
  const text = neutraliseCell(value);
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A whole CSV file: a header row and the rows, CRLF line ends. With `bom` (the default) it starts with a
 * UTF-8 byte-order mark, so Excel reads accents right.
 */
export function writeCsv(
  header: readonly string[],
  rows: Iterable<readonly CsvValue[]>,
  options = { bom: true },
): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${options.bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}

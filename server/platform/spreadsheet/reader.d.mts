import type { ZipLimits } from './zip.mjs';

export interface Sheet {
  /** The non-empty rows of the first worksheet, header included, each cell as text. */
  rows: string[][];
  /** The spreadsheet row number of rows[i] (1-based, header included). */
  rowNumbers: number[];
  /** How the file was read: 'xlsx', 'UTF-8', 'UTF-8 (with BOM)', 'UTF-16LE', 'UTF-16BE' or 'Windows-1252'. */
  encoding: string;
}

export type SheetResult =
  | { ok: true; sheet: Sheet }
  | { ok: false; status: 400 | 413 | 415; message: string; tooManyRows?: boolean; maxRows?: number };

export declare function decodeWindows1252(bytes: Uint8Array): string;
export declare function decodeText(bytes: Uint8Array): { text: string; encoding: string };
export declare function readSpreadsheet(
  bytes: Uint8Array,
  options?: { maxRows?: number; zipLimits?: ZipLimits },
): Promise<SheetResult>;

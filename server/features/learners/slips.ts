import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import ExcelJS from 'exceljs';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

const fontsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'fonts');
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const fontFiles = () => (fonts ??= { regular: readFileSync(path.join(fontsDir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(fontsDir, 'DejaVuSans-Bold.ttf')) });

export interface Slip {
  firstName: string;
  lastName: string;
  grade: number | null;
  username: string;
  /** null: the password was changed since it was generated. */
  password: string | null;
}

export interface SlipContext {
  olympiadTitle: string;
  schoolName: string;
  signInUrl: string;
}

const COLS = 2;
const ROWS = 5;
const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = 24;

/**
 * The sign-in slips as one PDF: ten to an A4 page with dashed cut lines, the font (DejaVu Sans, for
 * every accent) embedded once and subset (STACK.md: one document, not merged files).
 */
export async function slipsPdf(slips: Slip[], ctx: SlipContext): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`Sign-in slips — ${ctx.schoolName} — ${ctx.olympiadTitle}`);
  const { regular: regularBytes, bold: boldBytes } = fontFiles();
  const regular = await doc.embedFont(regularBytes, { subset: true });
  const bold = await doc.embedFont(boldBytes, { subset: true });
  // Plain ASCII (labels, usernames, passwords, the address) goes in Helvetica: no glyph layout, ten times faster.
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const helveticaBold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ascii = /^[\x20-\x7e]*$/;
  const pick = (text: string, font: PDFFont) => (ascii.test(text) ? (font === bold ? helveticaBold : helvetica) : font);
  const cellW = (PAGE.width - 2 * MARGIN) / COLS;
  const cellH = (PAGE.height - 2 * MARGIN) / ROWS;
  const grey = rgb(0.45, 0.45, 0.45);
  const fitted = new Map<string, string>();
  const fit = (text: string, size: number, font = regular, max = cellW - 24) => {
    if (text.length * size * 0.62 <= max) return text;
    const key = `${size}|${font.name}|${text}`;
    const known = fitted.get(key);
    if (known != null) return known;
    let t = text;
    while (t.length > 1 && font.widthOfTextAtSize(t, size) > max) t = t.slice(0, -1);
    const result = t === text ? t : `${t.slice(0, -1)}...`;
    fitted.set(key, result);
    return result;
  };
  const perPage = COLS * ROWS;
  const pages = Math.max(1, Math.ceil(slips.length / perPage));
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    // Cut lines: dashed, across the page between the slips.
    for (let c = 0; c <= COLS; c++) {
      const x = MARGIN + c * cellW;
      page.drawLine({ start: { x, y: MARGIN }, end: { x, y: PAGE.height - MARGIN }, thickness: 0.5, color: grey, dashArray: [4, 3] });
    }
    for (let r = 0; r <= ROWS; r++) {
      const y = MARGIN + r * cellH;
      page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: grey, dashArray: [4, 3] });
    }
    page.drawText('✂', { x: MARGIN - 14, y: PAGE.height - MARGIN - 4, size: 10, font: regular, color: grey });
    for (let i = 0; i < perPage; i++) {
      const slip = slips[p * perPage + i];
      if (!slip) break;
      const col = i % COLS;
      const row = Math.floor(i / COLS);
      const x = MARGIN + col * cellW + 12;
      const top = PAGE.height - MARGIN - row * cellH - 20;
      const text = (t: string, y: number, size: number, font: PDFFont, dx = 0, color = rgb(0, 0, 0)) => {
        const f = pick(t, font);
        page.drawText(fit(t, size, f), { x: x + dx, y, size, font: f, color });
      };
      text(ctx.olympiadTitle, top, 8, regular, 0, grey);
      text(`${slip.firstName} ${slip.lastName}`, top - 20, 13, bold);
      text(`${ctx.schoolName}${slip.grade ? ` - Grade ${slip.grade}` : ''}`, top - 35, 9, regular);
      text('Username', top - 58, 8, regular, 0, grey);
      text(slip.username, top - 72, 13, bold);
      text('Password', top - 58, 8, regular, cellW / 2, grey);
      text(slip.password ?? 'ask your teacher', top - 72, slip.password ? 13 : 10, slip.password ? bold : regular, cellW / 2);
      text(`Sign in at ${ctx.signInUrl}`, top - 96, 8, regular);
      text('Keep this slip to yourself: do not share your password.', top - 110, 7, regular, 0, grey);
    }
  }
  return doc.save();
}

const csvCell = (v: string | number | null) => {
  const s = v == null ? '' : String(v);
  return /[",\r\n;]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The slips as CSV (UTF-8 with a BOM, so Excel shows accents right). */
export function slipsCsv(slips: Slip[], ctx: SlipContext): string {
  const lines = [['First name', 'Surname', 'Grade', 'Username', 'Password', 'Sign in at'].join(',')];
  for (const s of slips) {
    lines.push([s.firstName, s.lastName, s.grade, s.username, s.password ?? '(changed: ask your teacher)', ctx.signInUrl].map(csvCell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const templateHeaders = ['First name', 'Surname', 'Grade'];

export async function templateXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Learners');
  sheet.columns = [
    { header: 'First name', key: 'firstName', width: 24 },
    { header: 'Surname', key: 'lastName', width: 24 },
    { header: 'Grade', key: 'grade', width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };
  const help = wb.addWorksheet('How to');
  help.getColumn(1).width = 100;
  [
    'One learner per row on the sheet "Learners", from row 2. Keep the headings in row 1.',
    'First name and Surname exactly as they should appear on certificates (accents and apostrophes are fine: Zoë, O’Neill).',
    'Grade: a number from 1 to 12.',
    'Upload the file on the "Load learners" page: you see a report on every row before anything is saved.',
  ].forEach((line) => help.addRow([line]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const templateCsv = () => `\uFEFF${templateHeaders.join(',')}\r\n`;

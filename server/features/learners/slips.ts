import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { type TableColumn, tableCsv, tableSheet, writeXlsx } from '../../platform/xlsx.js';

const fontsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'fonts');
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const fontFiles = () =>
  (fonts ??= {
    regular: readFileSync(path.join(fontsDir, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(fontsDir, 'DejaVuSans-Bold.ttf')),
  });

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
  /** Whom a learner asks for a changed password: "teacher", or a country team's "team admin" (contract/units.ts). */
  manager: string;
}

const COLS = 2;
const ROWS = 5;
const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = 24;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  helvetica: PDFFont;
  helveticaBold: PDFFont;
}

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const files = fontFiles();
  return {
    regular: await doc.embedFont(files.regular, { subset: true }),
    bold: await doc.embedFont(files.bold, { subset: true }),
    helvetica: await doc.embedFont(StandardFonts.Helvetica),
    helveticaBold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
}

const cellW = (PAGE.width - 2 * MARGIN) / COLS;
const cellH = (PAGE.height - 2 * MARGIN) / ROWS;
const grey = rgb(0.45, 0.45, 0.45);
const black = rgb(0, 0, 0);
const ascii = /^[\x20-\x7e]*$/;

/** Writes text in a cell: plain ASCII in Helvetica (no glyph layout: much faster), the rest in DejaVu; cut to fit. */
function writer(page: PDFPage, fonts: Fonts) {
  const fitted = new Map<string, string>();
  const fit = (text: string, size: number, font: PDFFont, max: number) => {
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
  return (
    text: string,
    x: number,
    y: number,
    size: number,
    weight: 'regular' | 'bold',
    color = black,
    max = cellW - 24,
  ) => {
    const plain = ascii.test(text);
    const font =
      weight === 'bold' ? (plain ? fonts.helveticaBold : fonts.bold) : plain ? fonts.helvetica : fonts.regular;
    page.drawText(fit(text, size, font, max), { x, y, size, font, color });
  };
}

const cellOrigin = (i: number) => ({
  x: MARGIN + (i % COLS) * cellW + 12,
  top: PAGE.height - MARGIN - Math.floor(i / COLS) * cellH - 20,
});

/** What every slip of the school has in common: cut lines, the olympiad, the school, the labels, the address. */
function drawStatic(page: PDFPage, fonts: Fonts, ctx: SlipContext, cells: number) {
  const write = writer(page, fonts);
  for (let c = 0; c <= COLS; c++) {
    const x = MARGIN + c * cellW;
    page.drawLine({
      start: { x, y: MARGIN },
      end: { x, y: PAGE.height - MARGIN },
      thickness: 0.5,
      color: grey,
      dashArray: [4, 3],
    });
  }
  for (let r = 0; r <= ROWS; r++) {
    const y = MARGIN + r * cellH;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE.width - MARGIN, y },
      thickness: 0.5,
      color: grey,
      dashArray: [4, 3],
    });
  }
  page.drawText('✂', { x: MARGIN - 14, y: PAGE.height - MARGIN - 4, size: 10, font: fonts.regular, color: grey });
  for (let i = 0; i < cells; i++) {
    const { x, top } = cellOrigin(i);
    write(ctx.olympiadTitle, x, top, 8, 'regular', grey);
    write(ctx.schoolName, x, top - 35, 9, 'regular', black, cellW - 90);
    write('Username', x, top - 58, 8, 'regular', grey);
    write('Password', x + cellW / 2, top - 58, 8, 'regular', grey);
    write(`Sign in at ${ctx.signInUrl}`, x, top - 96, 8, 'regular');
    write('Keep this slip to yourself: do not share your password.', x, top - 110, 7, 'regular', grey);
  }
}

/**
 * The sign-in slips as one PDF: ten to an A4 page with dashed cut lines, the font (DejaVu Sans, for
 * every accent) embedded once and subset (one document, not merged files, each of which would carry the
 * font again). What all slips share is drawn once, on a template page embedded as a form XObject, so each page only adds the
 * learners' names and credentials.
 */
export async function slipsPdf(slips: Slip[], ctx: SlipContext): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Sign-in slips — ${ctx.schoolName} — ${ctx.olympiadTitle}`);
  const fonts = await embedFonts(doc);
  const perPage = COLS * ROWS;
  const templateDoc = await PDFDocument.create();
  const templatePage = templateDoc.addPage([PAGE.width, PAGE.height]);
  drawStatic(templatePage, await embedFonts(templateDoc), ctx, perPage);
  // Saved first, so that its subset fonts are written out before the page is copied in.
  const [template] = await doc.embedPdf(await templateDoc.save(), [0]);
  const pages = Math.max(1, Math.ceil(slips.length / perPage));
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    const onPage = slips.slice(p * perPage, (p + 1) * perPage);
    if (onPage.length === perPage) page.drawPage(template!);
    else drawStatic(page, fonts, ctx, onPage.length);
    const write = writer(page, fonts);
    onPage.forEach((slip, i) => {
      const { x, top } = cellOrigin(i);
      write(`${slip.firstName} ${slip.lastName}`, x, top - 20, 13, 'bold');
      if (slip.grade) write(`Grade ${slip.grade}`, x + cellW - 80, top - 35, 9, 'regular', black, 60);
      write(slip.username, x, top - 72, 13, 'bold');
      if (slip.password) write(slip.password, x + cellW / 2, top - 72, 13, 'bold');
      else write(`ask your ${ctx.manager}`, x + cellW / 2, top - 72, 10, 'regular');
    });
  }
  return doc.save();
}

/** What a slips drawing needs, as one value (a worker thread's task, slips-pool.ts). */
export interface SlipsTask {
  slips: Slip[];
  ctx: SlipContext;
}

export const slipsPdfOf = (task: SlipsTask) => slipsPdf(task.slips, task.ctx);

/** The slips as CSV (UTF-8 with a BOM, so Excel shows accents right), a table through the one CSV writer. */
export function slipsCsv(slips: Slip[], ctx: SlipContext): string {
  return tableCsv<Slip>(
    [
      { header: 'First name', value: 'firstName' },
      { header: 'Surname', value: 'lastName' },
      { header: 'Grade', value: 'grade' },
      { header: 'Username', value: 'username' },
      { header: 'Password', value: (s) => s.password ?? `(changed: ask your ${ctx.manager})` },
      { header: 'Sign in at', value: () => ctx.signInUrl },
    ],
    slips,
  );
}

/**
 * The learners template's one sheet: a header row to fill in (nothing is read from its rows but these). A
 * country's team (decision 039) gives each member's date of birth too, kept as text (YYYY-MM-DD), so no
 * spreadsheet turns it into a number or a local format.
 */
const templateColumns = (team: boolean): TableColumn<never>[] => [
  { header: 'First name', width: 24, value: () => null },
  { header: 'Surname', width: 24, value: () => null },
  { header: 'Grade', width: 10, value: () => null },
  ...(team ? [{ header: 'Date of birth', width: 16, format: 'text' as const, value: () => null }] : []),
];

const howTo = (team: boolean) => [
  team
    ? 'One team member per row on the sheet "Team", from row 2. Keep the headings in row 1.'
    : 'One learner per row on the sheet "Learners", from row 2. Keep the headings in row 1.',
  'First name and Surname exactly as they should appear on certificates (accents and apostrophes are fine: Zoë, O’Neill).',
  'Grade: a number from 1 to 12.',
  ...(team ? ['Date of birth: year-month-day, e.g. 2009-05-14.'] : []),
  team
    ? 'Upload the file on the "Team" page: you see a report on every row before anything is saved.'
    : 'Upload the file on the "Load learners" page: you see a report on every row before anything is saved.',
];

export const templateXlsx = (team = false) =>
  writeXlsx([
    tableSheet(team ? 'Team' : 'Learners', templateColumns(team), []),
    tableSheet(
      'How to',
      [{ header: `How to fill in the sheet "${team ? 'Team' : 'Learners'}"`, width: 100, value: (line) => line }],
      howTo(team),
    ),
  ]);

export const templateCsv = (team = false) => tableCsv(templateColumns(team), []);

import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { embedSans, type SansFonts } from '../../platform/pdf-fonts.js';
import { type ServerLocale, translator } from '../../platform/i18n.js';
import { type TableColumn, tableCsv, tableSheet, writeXlsx } from '../../platform/xlsx.js';

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
  /**
   * The language the slips are worded in: the olympiad's default language (decision 095). One language, not both:
   * a slip is a tenth of a page, and the learner chooses the paper's language when they sign in. English if not given.
   */
  language?: ServerLocale;
}

const COLS = 2;
const ROWS = 5;
const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = 24;

type Fonts = SansFonts;
const embedFonts = embedSans;

const cellW = (PAGE.width - 2 * MARGIN) / COLS;
const cellH = (PAGE.height - 2 * MARGIN) / ROWS;
const grey = rgb(0.45, 0.45, 0.45);
const black = rgb(0, 0, 0);

/** Writes text in a cell, in the one face of the document (Source Sans 3, decision 095); cut to fit. */
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
    const font = weight === 'bold' ? fonts.bold : fonts.regular;
    page.drawText(fit(text, size, font, max), { x, y, size, font, color });
  };
}

const cellOrigin = (i: number) => ({
  x: MARGIN + (i % COLS) * cellW + 12,
  top: PAGE.height - MARGIN - Math.floor(i / COLS) * cellH - 20,
});

/**
 * A pair of scissors at the corner where cutting starts, drawn as lines (no font has the sign in the slips' face,
 * and a second face for one sign is what decision 095 ends): two rings for the handles and two crossed blades.
 */
function drawScissors(page: PDFPage, x: number, y: number) {
  const style = { borderColor: grey, borderWidth: 0.7 };
  page.drawEllipse({ x: x + 2, y: y + 6, xScale: 2, yScale: 2, ...style });
  page.drawEllipse({ x: x + 2, y: y, xScale: 2, yScale: 2, ...style });
  page.drawLine({ start: { x: x + 3.6, y: y + 4.8 }, end: { x: x + 11, y: y + 1.2 }, thickness: 0.7, color: grey });
  page.drawLine({ start: { x: x + 3.6, y: y + 1.2 }, end: { x: x + 11, y: y + 4.8 }, thickness: 0.7, color: grey });
}

/** What every slip of the school has in common: cut lines, the olympiad, the school, the labels, the address. */
function drawStatic(page: PDFPage, fonts: Fonts, ctx: SlipContext, cells: number) {
  const write = writer(page, fonts);
  const t = translator(ctx.language ?? 'en');
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
  drawScissors(page, MARGIN - 14, PAGE.height - MARGIN - 6);
  for (let i = 0; i < cells; i++) {
    const { x, top } = cellOrigin(i);
    write(ctx.olympiadTitle, x, top, 8, 'regular', grey);
    write(ctx.schoolName, x, top - 35, 9, 'regular', black, cellW - 90);
    write(t('pdf.slips.username'), x, top - 58, 8, 'regular', grey);
    write(t('pdf.slips.password'), x + cellW / 2, top - 58, 8, 'regular', grey);
    write(t('pdf.slips.signInAt', { url: ctx.signInUrl }), x, top - 96, 8, 'regular');
    write(t('pdf.slips.keepPrivate'), x, top - 110, 7, 'regular', grey);
  }
}

/** Whom the slip sends a learner to for a changed password, in the slip's language. */
const askManager = (ctx: SlipContext) =>
  translator(ctx.language ?? 'en')(ctx.manager === 'teacher' ? 'pdf.slips.askTeacher' : 'pdf.slips.askTeamAdmin');

/**
 * The sign-in slips as one PDF: ten to an A4 page with dashed cut lines, in the olympiad's default language, the
 * font (Source Sans 3, for every accent, decision 095) embedded once and subset (one document, not merged files,
 * each of which would carry the font again). What all slips share is drawn once, on a template page embedded as a form XObject, so each page only adds the
 * learners' names and credentials.
 */
export async function slipsPdf(slips: Slip[], ctx: SlipContext): Promise<Uint8Array> {
  const t = translator(ctx.language ?? 'en');
  const doc = await PDFDocument.create();
  doc.setTitle(t('pdf.slips.title', { school: ctx.schoolName, olympiad: ctx.olympiadTitle }));
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
      if (slip.grade)
        write(t('pdf.slips.grade', { grade: slip.grade }), x + cellW - 80, top - 35, 9, 'regular', black, 60);
      write(slip.username, x, top - 72, 13, 'bold');
      if (slip.password) write(slip.password, x + cellW / 2, top - 72, 13, 'bold');
      else write(askManager(ctx), x + cellW / 2, top - 72, 10, 'regular');
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

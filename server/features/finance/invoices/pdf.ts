import {
  fill,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { unitWords } from '#contract/units';
import type { InvoiceBillTo, InvoiceKind, InvoiceLine, InvoiceSeller } from '../../../db/schema/index.js';
import { printedMoney } from '#contract/numbers';
import { embedSans, type SansFonts } from '../../../platform/pdf-fonts.js';

/** What an invoice or credit note prints: the stored document, never the order as it is now. */
export interface InvoiceDocument {
  kind: InvoiceKind;
  documentNumber: string;
  /** A credit note: the invoice it cancels. */
  creditsDocumentNumber: string | null;
  /** A credit note: the invoice issued with it in place of the one it cancels; null when none replaced it. */
  replacedByDocumentNumber: string | null;
  issuedAt: Date;
  dueOn: string | null;
  currency: string;
  lines: InvoiceLine[];
  subtotalCents: number;
  vatRateBp: number;
  vatCents: number;
  totalCents: number;
  schoolsPO: string | null;
  paymentReference: string;
  olympiadTitle: string;
  billTo: InvoiceBillTo;
  seller: InvoiceSeller;
}

const A4 = { width: 595.28, height: 841.89 };
const M = 48;
const ink = rgb(0.1, 0.12, 0.16);
const grey = rgb(0.42, 0.45, 0.5);
const rule = rgb(0.82, 0.84, 0.87);
const band = rgb(0.95, 0.96, 0.97);
const accent = rgb(0.05, 0.33, 0.55);

/** An invoice prints in the one face of every PDF (Source Sans 3, embedded and subset; decision 095). */
type Fonts = SansFonts;

/** The text a phone shows when it scans the code: everything needed to pay, in plain lines. */
export function paymentCodeText(d: InvoiceDocument): string {
  const s = d.seller;
  return [
    `Pay ${s.bankAccountName}`,
    `Bank: ${s.bankName}`,
    `Account: ${s.bankAccountNumber.replace(/\s+/g, '')}`,
    `Branch: ${s.bankBranchCode}`,
    `Reference: ${d.paymentReference}`,
    `Amount: ${(d.totalCents / 100).toFixed(2)} ${d.currency}`,
    `Invoice: ${d.documentNumber}`,
  ].join('\n');
}

/**
 * Draws a QR code as vector squares (no image to encode or embed): each run of dark modules in a row is one
 * rectangle, and all of them are filled by one operator, so a code costs a few hundred bytes and little time.
 */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 2);
  const ops = [pushGraphicsState(), setFillingRgbColor(0.1, 0.12, 0.16)];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      let end = c;
      while (end + 1 < n && qr.modules.get(r, end + 1)) end++;
      ops.push(rectangle(x + (c + 1) * cell, y + size - (r + 2) * cell, (end - c + 1) * cell, cell));
      c = end;
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)} %`;

/** Cuts a word wider than the width (a purchase-order number, a name without spaces) into pieces that fit. */
function pieces(word: string, font: PDFFont, size: number, width: number): string[] {
  if (font.widthOfTextAtSize(word, size) <= width) return [word];
  const out: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && font.widthOfTextAtSize(piece + ch, size) > width) {
      out.push(piece);
      piece = ch;
    } else piece += ch;
  }
  if (piece) out.push(piece);
  return out;
}

/** Wraps text to a width, by words; a word wider than the width is cut, so that no line runs past it. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((w) => pieces(w, font, size, width))) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}

/** Short items on one line, a little apart, when they fit the width; otherwise one under the other. */
function sideBySide(items: string[], font: PDFFont, size: number, width: number): string[] {
  if (!items.length) return [];
  const line = items.join('   ');
  return font.widthOfTextAtSize(line, size) <= width ? [line] : items.flatMap((i) => wrap(i, font, size, width));
}

/**
 * A heading fitted to a width: wrapped at `size`, made smaller (down to `least`) while it would take more than
 * `maxLines` lines, and wrapped at `least` when even that is not enough.
 */
function fitted(text: string, font: PDFFont, width: number, size: number, least: number, maxLines: number) {
  for (let s = size; s >= least; s -= 0.5) {
    const lines = wrap(text, font, s, width);
    if (lines.length <= maxLines) return { size: s, lines };
  }
  return { size: least, lines: wrap(text, font, least, width) };
}

/**
 * Why an invoice to a country's team charges the VAT it does (decision 031). The account's rule applies to every
 * entry alike, whatever the team's country, so a team abroad reads which rule that is. Null for a school's invoice,
 * whose VAT line needs no reason, and for a credit note, which reverses what its invoice charged.
 */
export function vatBasis(d: Pick<InvoiceDocument, 'kind' | 'vatRateBp' | 'billTo' | 'seller'>): string | null {
  if (d.kind === 'credit_note' || !d.billTo.countryName) return null;
  const s = d.seller;
  if (!s.vatNumber) return `No VAT is charged: ${s.legalName} is not registered for VAT.`;
  if (d.vatRateBp === 0)
    return `VAT is charged at 0 %, the rate ${s.legalName} applies to every team's entry, whatever its country.`;
  return (
    `South African VAT at ${percent(d.vatRateBp)} is charged because the entry is a service supplied in South Africa ` +
    `by ${s.legalName}: every team's entry is taxed alike, whatever its country (it is not zero-rated as an export).`
  );
}

/** What became of the order when a credit note cancelled its invoice: the invoice that replaced it, or none. */
export function creditNoteOutcome(d: Pick<InvoiceDocument, 'replacedByDocumentNumber' | 'billTo'>): string {
  if (d.replacedByDocumentNumber) return `Invoice ${d.replacedByDocumentNumber} replaces it.`;
  const words = unitWords(d.billTo.countryName ? 'country' : 'school');
  return `No invoice replaces it: the ${words.unit}'s order has no ${words.members} left to pay for.`;
}

/** Draws the invoice on a new page of `pdf`. */
export async function drawInvoice(pdf: PDFDocument, d: InvoiceDocument, fonts: Fonts): Promise<void> {
  const page = pdf.addPage([A4.width, A4.height]);
  const { regular, bold } = fonts;
  const right = A4.width - M;
  const text = (t: string, x: number, y: number, size = 9.5, font = regular, color = ink) =>
    page.drawText(t, { x, y, size, font, color });
  const textRight = (t: string, x: number, y: number, size = 9.5, font = regular, color = ink) =>
    page.drawText(t, { x: x - font.widthOfTextAtSize(t, size), y, size, font, color });
  const money = (cents: number) => printedMoney(cents, d.currency);
  const s = d.seller;
  const credit = d.kind === 'credit_note';
  const title = credit ? 'CREDIT NOTE' : s.vatNumber ? 'TAX INVOICE' : 'INVOICE';

  // The document, top right: its title, and its facts with each value in a column of its own.
  const valueWidth = 125;
  const labelRight = right - valueWidth - 5;
  const facts: [string, string][] = [
    [credit ? 'Credit note' : 'Invoice', d.documentNumber],
    ['Date', day(d.issuedAt)],
    ...(credit ? ([['Cancels invoice', d.creditsDocumentNumber ?? '']] as [string, string][]) : []),
    ...(!credit && d.dueOn ? ([['Due', d.dueOn]] as [string, string][]) : []),
    ['Your order no.', d.schoolsPO || '(none given)'],
    ['Payment reference', d.paymentReference],
  ];
  let ry = A4.height - M - 8;
  textRight(title, right, ry, 20, bold, credit ? rgb(0.6, 0.1, 0.1) : ink);
  ry -= 22;
  for (const [k, v] of facts) {
    textRight(k, labelRight, ry, 9.5, regular, grey);
    wrap(v, bold, 9.5, valueWidth).forEach((line, i) => {
      if (i > 0) ry -= 11;
      textRight(line, right, ry, 9.5, bold);
    });
    ry -= 13;
  }
  // Where the document's column begins: the seller's column ends short of it, so a long name never runs into the
  // title or the facts. The name's first line stands beside the title alone; anything lower stands beside the facts.
  const titleStart = right - bold.widthOfTextAtSize(title, 20);
  const factsStart = Math.min(...facts.map(([k]) => labelRight - regular.widthOfTextAtSize(k, 9.5)));
  const sellerWidth = Math.min(titleStart, factsStart) - M - 16;

  // The seller, top left: a long legal name wraps, and is made smaller rather than take more than two lines.
  let y = A4.height - M - 6;
  const name =
    bold.widthOfTextAtSize(s.legalName, 15) <= titleStart - M - 16
      ? { size: 15, lines: [s.legalName] }
      : fitted(s.legalName, bold, sellerWidth, 15, 11, 2);
  for (const line of name.lines) {
    text(line, M, y, name.size, bold, accent);
    y -= name.size + 1.5;
  }
  for (const line of wrap(s.address, regular, 9, Math.min(250, sellerWidth))) {
    text(line, M, y, 9, regular, grey);
    y -= 11.5;
  }
  const ids = [
    s.registrationNumber ? `Reg. no. ${s.registrationNumber}` : null,
    s.vatNumber ? `VAT no. ${s.vatNumber}` : null,
  ].filter((v): v is string => !!v);
  const contact = [s.email, s.phone].filter((v): v is string => !!v);
  for (const line of [...sideBySide(ids, regular, 9, sellerWidth), ...sideBySide(contact, regular, 9, sellerWidth)]) {
    text(line, M, y, 9, regular, grey);
    y -= 11.5;
  }

  // Bill to, and what for, side by side: whichever is longer decides where the lines begin.
  y = Math.min(y + 11.5, ry) - 26;
  const b = d.billTo;
  text('BILL TO', M, y, 8, bold, grey);
  const ox = right - 220;
  text('FOR', ox, y, 8, bold, grey);
  const forLines = wrap(d.olympiadTitle, bold, 10, right - ox);
  forLines.forEach((line, i) => text(line, ox, y - 14 - i * 12, 10, bold));
  const forEnd = y - 14 - forLines.length * 12;
  const billWidth = ox - M - 16;
  y -= 14;
  for (const line of wrap(b.schoolName, bold, 11, billWidth)) {
    text(line, M, y, 11, bold);
    y -= 13;
  }
  const billLines = [
    b.countryName ? `Country: ${b.countryName}` : null,
    b.emisNumber ? `EMIS ${b.emisNumber}` : null,
    b.address,
    [b.town, b.province].filter(Boolean).join(', ') || null,
    b.contactName ? `Attention: ${b.contactName}${b.contactEmail ? ` <${b.contactEmail}>` : ''}` : null,
  ].filter((v): v is string => !!v);
  for (const line of billLines.flatMap((l) => wrap(l, regular, 9.5, Math.min(260, billWidth)))) {
    text(line, M, y, 9.5);
    y -= 12;
  }
  y = Math.min(y, forEnd);

  // The lines.
  y -= 18;
  const cols = { qty: right - 190, unit: right - 95, amount: right };
  page.drawRectangle({ x: M, y: y - 6, width: right - M, height: 20, color: band });
  text('Description', M + 6, y, 9, bold, grey);
  textRight('Qty', cols.qty, y, 9, bold, grey);
  textRight('Unit price', cols.unit, y, 9, bold, grey);
  textRight('Amount', cols.amount - 6, y, 9, bold, grey);
  y -= 24;
  for (const l of d.lines) {
    const desc = wrap(l.description, regular, 9.5, cols.qty - M - 60);
    text(desc[0] ?? '', M + 6, y);
    textRight(String(l.quantity), cols.qty, y);
    textRight(money(l.unitCents), cols.unit, y);
    textRight(money(l.amountCents), cols.amount - 6, y);
    for (const more of desc.slice(1)) {
      y -= 12;
      text(more, M + 6, y);
    }
    y -= 8;
    page.drawLine({ start: { x: M, y }, end: { x: right, y }, thickness: 0.5, color: rule });
    y -= 14;
  }

  // Totals.
  const totals: [string, string, boolean][] = [
    ['Subtotal', money(d.subtotalCents), false],
    [d.vatRateBp > 0 ? `VAT ${percent(d.vatRateBp)}` : 'VAT (not registered)', money(d.vatCents), false],
    [credit ? 'Total credited' : 'Total due', money(d.totalCents), true],
  ];
  y -= 2;
  for (const [k, v, strong] of totals) {
    if (strong) {
      page.drawRectangle({ x: right - 220, y: y - 7, width: 220, height: 22, color: band });
    }
    textRight(k, right - 110, y, strong ? 11 : 9.5, strong ? bold : regular, strong ? ink : grey);
    textRight(v, right - 6, y, strong ? 11 : 9.5, strong ? bold : regular);
    y -= strong ? 26 : 15;
  }

  // Why this VAT, where the reader may ask (a team from abroad).
  const basis = vatBasis(d);
  if (basis) {
    for (const line of wrap(basis, regular, 8.5, right - M)) {
      text(line, M, y, 8.5, regular, grey);
      y -= 11;
    }
    y -= 4;
  }

  // How to pay, with the code to scan.
  if (!credit) {
    y -= 14;
    let py = y - 18;
    text('HOW TO PAY', M + 12, py, 8, bold, grey);
    py -= 16;
    const pay: [string, string][] = [
      ['Bank', s.bankName],
      ['Account holder', s.bankAccountName],
      ['Account number', s.bankAccountNumber],
      ['Branch code', s.bankBranchCode],
      ...(s.bankSwift ? ([['SWIFT', s.bankSwift]] as [string, string][]) : []),
    ];
    for (const [k, v] of pay) {
      text(k, M + 12, py, 9.5, regular, grey);
      text(v, M + 120, py, 9.5, bold);
      py -= 13;
    }
    text('Reference', M + 12, py - 4, 9.5, regular, grey);
    text(d.paymentReference, M + 120, py - 5, 13, bold, accent);
    // The box grows with its rows (a SWIFT code adds one), so that the sentence under the reference stays clear of it.
    const boxH = Math.max(118, y - (py - 5 - 17) + 8);
    page.drawRectangle({ x: M, y: y - boxH, width: right - M, height: boxH, borderColor: rule, borderWidth: 1 });
    text(
      `Quote this reference with every payment, so that it reaches your ${unitWords(b.countryName ? 'country' : 'school').unit}'s account.`,
      M + 12,
      y - boxH + 8,
      8,
      regular,
      grey,
    );
    drawQr(page, paymentCodeText(d), right - 104, y - boxH + 8, 96);
    y -= boxH + 10;
  } else {
    y -= 10;
    const said = `This credit note cancels invoice ${d.creditsDocumentNumber ?? ''} in full. ${creditNoteOutcome(d)}`;
    for (const line of wrap(said, regular, 9.5, right - M)) {
      text(line, M, y);
      y -= 12.5;
    }
  }

  // Footer.
  const foot = wrap(s.footer, regular, 8, right - M);
  let fy = M + foot.length * 10;
  for (const line of foot) {
    text(line, M, fy, 8, regular, grey);
    fy -= 10;
  }
  page.drawLine({
    start: { x: M, y: M + foot.length * 10 + 12 },
    end: { x: right, y: M + foot.length * 10 + 12 },
    thickness: 0.5,
    color: rule,
  });
}

/** One invoice or credit note as a PDF file. */
export async function invoicePdf(d: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${d.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${d.documentNumber}`);
  pdf.setAuthor(d.seller.legalName);
  pdf.setCreator('Olympus');
  pdf.setCreationDate(d.issuedAt);
  pdf.setModificationDate(d.issuedAt);
  await drawInvoice(pdf, d, await embedSans(pdf));
  return pdf.save();
}

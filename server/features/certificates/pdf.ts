import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import {
  fill,
  PDFDocument,
  type PDFEmbeddedPage,
  PDFOperator,
  PDFOperatorNames,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
} from 'pdf-lib';
import QRCode from 'qrcode';
import type { CertificateConfig, CertificateField, CertificateTemplate } from '#contract/certificates';
import { printedCode } from './codes.js';
import { pageSize, templateFor } from './config.js';

/** What one certificate prints: the stored certificate row and its olympiad, never the results as they are now. */
export interface CertificatePrint {
  kind: string;
  learnerName: string;
  schoolName: string;
  grade: number | null;
  awardLabel: string;
  score: number | null;
  maxScore: number | null;
  percent: number | null;
  percentile: number | null;
  rank: number | null;
  olympiadTitle: string;
  issuedAt: Date;
  code: string;
  /** Where the QR code and the printed link lead: `<origin>/verify/<code>`. */
  verifyUrl: string;
}

/** An uploaded file a template draws (background, signature), prepared once per run as a one-page PDF. */
export interface PreparedFile {
  doc: PDFDocument;
  width: number;
  height: number;
}
export type PreparedFiles = ReadonlyMap<number, PreparedFile>;

const fontsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'fonts');

/**
 * The fonts of certificates (server/assets/fonts, each with its licence): EB Garamond, Source Sans 3 and Great
 * Vibes (SIL OFL 1.1), all covering Afrikaans and the accented names of Latin scripts; DejaVu Sans prints what
 * none of them has (Greek, Cyrillic …). Each is embedded once per document, as a subset of the glyphs used.
 */
const fontFiles = {
  serif: 'EBGaramond-Regular.ttf',
  'serif-bold': 'EBGaramond-Bold.ttf',
  sans: 'SourceSans3-Regular.ttf',
  'sans-bold': 'SourceSans3-Bold.ttf',
  script: 'GreatVibes-Regular.ttf',
  fallback: 'DejaVuSans.ttf',
} as const;
type FontName = keyof typeof fontFiles;

interface Face {
  hasGlyphForCodePoint(cp: number): boolean;
  layout(text: string, features?: unknown): unknown;
  createSubset(): object;
}

interface LoadedFont {
  bytes: Buffer;
  /** The parsed font, shared by every document of the process (pdf-lib is handed it through `sharedFontkit`). */
  face: Face;
}
const loaded = new Map<FontName, LoadedFont>();
const faces = new WeakMap<Uint8Array, Face>();

/** Texts shaped per font before the memory is cleared (names are many; the wording repeats on every page). */
const SHAPED_MAX = 20_000;

/**
 * pdf-lib shapes a text (OpenType substitutions and kerning) once to measure it and again to write it, and most
 * texts repeat on every page (the wording, the school, the date): each font keeps its shaped texts.
 */
function memoizeLayout(face: Face): Face {
  const shape = face.layout.bind(face);
  const shaped = new Map<string, unknown>();
  face.layout = (text, features) => {
    let run = shaped.get(text);
    if (run === undefined) {
      if (shaped.size >= SHAPED_MAX) shaped.clear();
      run = shape(text, features);
      shaped.set(text, run);
    }
    return run;
  };
  return face;
}

function fontFile(name: FontName): LoadedFont {
  let font = loaded.get(name);
  if (!font) {
    const bytes = readFileSync(path.join(fontsDir, fontFiles[name]));
    font = { bytes, face: memoizeLayout(fontkit.create(bytes) as unknown as Face) };
    faces.set(bytes, font.face);
    loaded.set(name, font);
  }
  return font;
}

/**
 * The fontkit pdf-lib embeds with: our fonts come back parsed once per process (parsing a font's tables again for
 * every document of a batch cost more than drawing its pages); any other bytes are parsed as usual.
 */
const sharedFontkit = {
  ...fontkit,
  create: (bytes: Uint8Array, postscriptName?: string) =>
    faces.get(bytes) ?? fontkit.create(bytes as Buffer, postscriptName),
} as typeof fontkit;

interface SubsetterPrototype {
  _addGlyph(this: { glyf: Uint8Array[]; offset: number }, gid: number): number;
  evenGlyphs?: true;
}

/**
 * fontkit's TrueType subsetter (which pdf-lib uses for `subset: true`) stores each glyph's data unpadded; with the
 * short `loca` format (offsets halved) every glyph after one of odd length is then read from the wrong place,
 * and most letters of fonts made without padding (EB Garamond, Source Sans 3, Great Vibes) vanish from the page.
 * Padding each glyph to an even length, as the TrueType format expects, fixes it; done once for the process.
 */
function padSubsetGlyphs(): void {
  const proto = Object.getPrototypeOf(fontFile('serif').face.createSubset()) as SubsetterPrototype;
  if (proto.evenGlyphs) return;
  const add = proto._addGlyph;
  proto._addGlyph = function (gid) {
    const index = add.call(this, gid);
    const data = this.glyf[index]!;
    if (data.length % 2 === 1) {
      // The same buffer class as fontkit's own (its bundle carries one), which its encoder insists on.
      const padded = (data.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(data.length + 1);
      padded.set(data);
      this.glyf[index] = padded;
      this.offset += 1;
    }
    return index;
  };
  proto.evenGlyphs = true;
}
padSubsetGlyphs();

const covers = (name: FontName, text: string) => {
  const { face } = fontFile(name);
  for (const ch of text) if (ch.trim() && !face.hasGlyphForCodePoint(ch.codePointAt(0)!)) return false;
  return true;
};

/** The field's font when it has every character of the text, else the serif of the same weight, else DejaVu. */
function fontFor(wanted: CertificateField['font'], text: string): FontName {
  if (covers(wanted, text)) return wanted;
  const serif = wanted.endsWith('-bold') ? 'serif-bold' : 'serif';
  return covers(serif, text) ? serif : 'fallback';
}

const colour = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

const dateFormat = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** What each field kind (and each `{placeholder}` of a text field) prints for a certificate. */
export function valuesOf(p: CertificatePrint): Record<string, string> {
  return {
    learner: p.learnerName,
    school: p.schoolName,
    grade: p.grade == null ? '' : `Grade ${p.grade}`,
    award: p.awardLabel,
    score: p.score == null ? '' : p.maxScore ? `${number(p.score)} out of ${number(p.maxScore)}` : number(p.score),
    percent: p.percent == null ? '' : `${Math.round(p.percent)}%`,
    percentile: p.percentile == null ? '' : `${ordinal(Math.max(1, Math.round(p.percentile)))} percentile`,
    rank: p.rank == null ? '' : `${ordinal(p.rank)} place`,
    date: dateFormat.format(p.issuedAt),
    olympiad: p.olympiadTitle,
    code: printedCode(p.code),
    verifyUrl: p.verifyUrl.replace(/^https?:\/\//, ''),
  };
}

function textOf(f: CertificateField, values: Record<string, string>): string {
  if (f.kind === 'text')
    return (f.text ?? '').replace(/\{([a-zA-Z]+)\}/g, (all, key: string) => values[key] ?? all).trim();
  return values[f.kind] ?? '';
}

/**
 * Draws a QR code as vector squares (no image to encode or embed): each run of dark modules in a row is one
 * rectangle, all filled by one operator (as the invoices do), so a code costs a few hundred bytes.
 */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  const at = (v: number) => v.toFixed(2);
  const ops = [pushGraphicsState(), setFillingRgbColor(0.1, 0.1, 0.1)];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      let end = c;
      while (end + 1 < n && qr.modules.get(r, end + 1)) end++;
      // Operands written as text once (pdf-lib's general number formatting was most of a page's cost).
      ops.push(
        PDFOperator.of(PDFOperatorNames.AppendRectangle, [
          at(x + c * cell),
          at(y + size - (r + 1) * cell),
          at((end - c + 1) * cell),
          at(cell),
        ]),
      );
      c = end;
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

const navy = rgb(0.12, 0.23, 0.37);
const gold = rgb(0.6, 0.47, 0.18);

/** The platform's frame on a page without a background: a fine rule, a strong one and a gold one, with corners. */
function drawFrame(page: PDFPage, width: number, height: number) {
  const box = (inset: number, thickness: number, color: ReturnType<typeof rgb>) =>
    page.drawRectangle({
      x: inset,
      y: inset,
      width: width - 2 * inset,
      height: height - 2 * inset,
      borderColor: color,
      borderWidth: thickness,
    });
  box(16, 0.6, navy);
  box(21, 2.4, navy);
  box(29, 0.7, gold);
  const d = 29;
  for (const [cx, cy] of [
    [d, d],
    [width - d, d],
    [d, height - d],
    [width - d, height - d],
  ] as const) {
    page.drawSvgPath('M 0 -7 L 7 0 L 0 7 L -7 0 Z', { x: cx, y: cy, color: gold });
  }
}

const frames = new Map<string, Promise<PreparedFile>>();

/** The frame of a page size, drawn once per process and embedded once per document (one `Do` per page). */
function frameOf(width: number, height: number): Promise<PreparedFile> {
  const key = `${width}x${height}`;
  let frame = frames.get(key);
  if (!frame) {
    frame = (async () => {
      const holder = await PDFDocument.create();
      drawFrame(holder.addPage([width, height]), width, height);
      return { doc: await PDFDocument.load(await holder.save()), width, height };
    })();
    frames.set(key, frame);
  }
  return frame;
}

/** Aligns a box of `w` in a field's box. */
const alignedX = (f: CertificateField, w: number) =>
  f.align === 'left' ? f.x : f.align === 'right' ? f.x + f.width - w : f.x + (f.width - w) / 2;

/**
 * One PDF of certificates (a school's batch, or one certificate): the fonts, backgrounds and signatures are embedded
 * once per document and reused by every page.
 */
export class CertificateDocument {
  private readonly fonts = new Map<FontName, Promise<PDFFont>>();
  private readonly pages = new Map<number, Promise<PDFEmbeddedPage>>();
  private readonly framePages = new Map<string, Promise<PDFEmbeddedPage>>();

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly config: CertificateConfig,
    private readonly files: PreparedFiles,
  ) {}

  static async create(config: CertificateConfig, files: PreparedFiles, title: string): Promise<CertificateDocument> {
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(sharedFontkit);
    pdf.setTitle(title);
    pdf.setCreator('Olympus');
    pdf.setProducer('Olympus');
    return new CertificateDocument(pdf, config, files);
  }

  private font(name: FontName): Promise<PDFFont> {
    let font = this.fonts.get(name);
    if (!font) {
      font = this.pdf.embedFont(fontFile(name).bytes, { subset: true });
      this.fonts.set(name, font);
    }
    return font;
  }

  private embedded(fileId: number): Promise<PDFEmbeddedPage> | null {
    const file = this.files.get(fileId);
    if (!file) return null;
    let page = this.pages.get(fileId);
    if (!page) {
      page = this.pdf.embedPage(file.doc.getPage(0));
      this.pages.set(fileId, page);
    }
    return page;
  }

  private frame(width: number, height: number): Promise<PDFEmbeddedPage> {
    const key = `${width}x${height}`;
    let page = this.framePages.get(key);
    if (!page) {
      page = frameOf(width, height).then((f) => this.pdf.embedPage(f.doc.getPage(0)));
      this.framePages.set(key, page);
    }
    return page;
  }

  /** Adds one certificate as a new page. */
  async add(p: CertificatePrint): Promise<void> {
    const template: CertificateTemplate = templateFor(this.config, p.kind);
    const { width, height } = pageSize(template);
    const page = this.pdf.addPage([width, height]);
    const background = template.backgroundFileId == null ? null : this.embedded(template.backgroundFileId);
    if (background) page.drawPage(await background, { x: 0, y: 0, width, height });
    else page.drawPage(await this.frame(width, height), { x: 0, y: 0, width, height });
    const values = valuesOf(p);
    for (const f of template.fields) {
      if (f.kind === 'qr') {
        const side = Math.min(f.size, f.width);
        drawQr(page, p.verifyUrl, alignedX(f, side), height - f.y - side, side);
        continue;
      }
      if (f.kind === 'signature') {
        const lineY = height - f.y - f.size;
        page.drawLine({
          start: { x: f.x, y: lineY },
          end: { x: f.x + f.width, y: lineY },
          thickness: 0.7,
          color: colour(f.colour),
        });
        const image = template.signatureFileId == null ? null : this.embedded(template.signatureFileId);
        const file = template.signatureFileId == null ? null : this.files.get(template.signatureFileId);
        if (image && file) {
          const scale = Math.min(f.width / file.width, (f.size - 2) / file.height);
          const w = file.width * scale;
          page.drawPage(await image, { x: alignedX(f, w), y: lineY + 2, width: w, height: file.height * scale });
        }
        continue;
      }
      const text = textOf(f, values);
      if (!text) continue;
      const font = await this.font(fontFor(f.font, text));
      const natural = font.widthOfTextAtSize(text, f.size);
      const size = natural > f.width ? (f.size * f.width) / natural : f.size;
      const w = Math.min(natural, f.width);
      // A shrunk text stays on its line, raised a little so that it sits in the middle of the field's box.
      const baseline = f.y + 0.8 * f.size - (f.size - size) * 0.3;
      page.drawText(text, { x: alignedX(f, w), y: height - baseline, size, font, color: colour(f.colour) });
    }
  }

  get pageCount(): number {
    return this.pdf.getPageCount();
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save({ useObjectStreams: false });
  }
}

/** Reads an uploaded background or signature once per run: a PDF's first page, or an image on a page of its size. */
export async function prepareFile(bytes: Uint8Array, contentType: string): Promise<PreparedFile> {
  if (contentType === 'application/pdf') {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const { width, height } = doc.getPage(0).getSize();
    return { doc, width, height };
  }
  const holder = await PDFDocument.create();
  const image = contentType === 'image/png' ? await holder.embedPng(bytes) : await holder.embedJpg(bytes);
  const page = holder.addPage([image.width, image.height]);
  page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  const doc = await PDFDocument.load(await holder.save());
  return { doc, width: image.width, height: image.height };
}

/** One certificate as a PDF file (a download on demand, or the designer's preview). */
/** One certificate's document title. */
export const certificateTitle = (print: CertificatePrint) => `Certificate ${printedCode(print.code)}`;

export async function certificatePdf(
  config: CertificateConfig,
  files: PreparedFiles,
  print: CertificatePrint,
): Promise<Uint8Array> {
  const doc = await CertificateDocument.create(config, files, certificateTitle(print));
  await doc.add(print);
  return doc.save();
}

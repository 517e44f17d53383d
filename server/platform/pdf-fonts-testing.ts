import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  type PDFFont,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFRef,
  StandardFonts,
} from 'pdf-lib';

/*
 * Reading back what a PDF made by pdf-lib prints, for tests (decision 095): which fonts it carries and whether each
 * is embedded, and each run of text with the letters it shows (through the font's ToUnicode map) and the box it
 * takes (from the font's own widths, in its em box), whether the font is a standard one or an embedded subset.
 */

/** A font of a PDF: its name, its PDF type, and whether its glyphs travel inside the file. */
export interface PdfFontInfo {
  baseFont: string;
  subtype: string;
  embedded: boolean;
}

/** A run of text as a page shows it: the text, the box it takes (PDF points, origin bottom left), font and size. */
export interface PdfTextRun {
  text: string;
  font: string;
  size: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const nameOf = (v: unknown) => (v instanceof PDFName ? v.decodeText() : '');
const numberOf = (v: unknown) => (v instanceof PDFNumber ? v.asNumber() : 0);
const streamText = (s: unknown) =>
  s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : '';

/** Every font dictionary of the document (pages, embedded pages and form XObjects alike), once each. */
export async function pdfFonts(bytes: Uint8Array): Promise<PdfFontInfo[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const out: PdfFontInfo[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || nameOf(object.get(PDFName.of('Type'))) !== 'Font') continue;
    const subtype = nameOf(object.get(PDFName.of('Subtype')));
    if (subtype === 'CIDFontType2' || subtype === 'CIDFontType0') continue; // the descendant of a Type0, listed with it
    const descendants = object.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
    const described = descendants ? (doc.context.lookup(descendants.get(0)) as PDFDict) : object;
    const descriptor = described.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const embedded =
      !!descriptor &&
      ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.get(PDFName.of(key)) !== undefined);
    out.push({ baseFont: nameOf(object.get(PDFName.of('BaseFont'))), subtype, embedded });
  }
  return out;
}

/** How an embedded (Type0, two-byte) font reads: code to letters, code to width in thousandths of an em. */
interface EmbeddedMetrics {
  unicode: Map<number, string>;
  widths: Map<number, number>;
  defaultWidth: number;
  ascent: number;
  descent: number;
}

function embeddedMetrics(doc: PDFDocument, font: PDFDict): EmbeddedMetrics | null {
  const descendants = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
  if (!descendants) return null;
  const cid = doc.context.lookup(descendants.get(0)) as PDFDict;
  const unicode = new Map<number, string>();
  const cmap = font.get(PDFName.of('ToUnicode'));
  for (const m of streamText(cmap ? doc.context.lookup(cmap) : undefined).matchAll(
    /<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g,
  )) {
    const units = m[2]!.match(/.{4}/g)!.map((h) => Number.parseInt(h, 16));
    unicode.set(Number.parseInt(m[1]!, 16), String.fromCharCode(...units));
  }
  const widths = new Map<number, number>();
  const w = cid.lookupMaybe(PDFName.of('W'), PDFArray)?.asArray() ?? [];
  for (let i = 0; i < w.length;) {
    const first = numberOf(w[i]);
    const next = doc.context.lookup(w[i + 1] as PDFRef);
    if (next instanceof PDFArray) {
      next.asArray().forEach((v, k) => widths.set(first + k, numberOf(v)));
      i += 2;
    } else {
      const last = numberOf(w[i + 1]);
      for (let c = first; c <= last; c++) widths.set(c, numberOf(w[i + 2]));
      i += 3;
    }
  }
  const descriptor = cid.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
  return {
    unicode,
    widths,
    defaultWidth: numberOf(cid.get(PDFName.of('DW'))) || 1000,
    ascent: numberOf(descriptor?.get(PDFName.of('Ascent'))),
    descent: numberOf(descriptor?.get(PDFName.of('Descent'))),
  };
}

/**
 * Where each run of text stands, page by page: every text operator's string with its box, from the font set
 * (`Tf`), the position (`Tm`) and the font's metrics (an embedded font's widths and ascent; a standard font's own).
 * Text inside embedded pages (a template, a background) is left out.
 */
export async function pdfTextRuns(bytes: Uint8Array): Promise<PdfTextRun[][]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const metricsDoc = await PDFDocument.create();
  const standard = new Map<string, PDFFont>();
  const embedded = new Map<string, EmbeddedMetrics | null>();
  const winAnsi = new TextDecoder('windows-1252');
  const pages: PdfTextRun[][] = [];
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const contents = page.node.Contents();
    const parts = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const runs: PdfTextRun[] = [];
    let fontKey = '';
    let font = '';
    let size = 0;
    let x = 0;
    let y = 0;
    const ops =
      /\/(\S+)\s+([\d.]+)\s+Tf|([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g;
    for (const content of parts.map(streamText)) {
      for (const m of content.matchAll(ops)) {
        if (m[1] != null) {
          const ref = fonts?.get(PDFName.of(m[1]));
          const dict = doc.context.lookup(ref);
          fontKey = String(ref);
          font = dict instanceof PDFDict ? nameOf(dict.get(PDFName.of('BaseFont'))) : '';
          if (!embedded.has(fontKey))
            embedded.set(fontKey, dict instanceof PDFDict ? embeddedMetrics(doc, dict) : null);
          size = Number(m[2]);
        } else if (m[3] != null) {
          x = Number(m[7]);
          y = Number(m[8]);
        } else {
          const hex = m[9]!;
          const metrics = embedded.get(fontKey);
          if (metrics) {
            const codes = (hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16));
            const width = codes.reduce((sum, c) => sum + (metrics.widths.get(c) ?? metrics.defaultWidth), 0);
            // The em box, split as the font's ascent and descent: where the letters are designed to stand (the
            // ascent and descent themselves add the line gap of a tall face such as Source Sans 3).
            const above = metrics.ascent / (metrics.ascent - metrics.descent || 1);
            runs.push({
              text: codes.map((c) => metrics.unicode.get(c) ?? '?').join(''),
              font,
              size,
              x0: x,
              x1: x + (width / 1000) * size,
              y0: y - (1 - above) * size,
              y1: y + above * size,
            });
            continue;
          }
          const name = Object.values(StandardFonts).find((f) => f === font);
          if (!name) throw new Error(`No metrics for the font ${font}`);
          if (!standard.has(font)) standard.set(font, await metricsDoc.embedFont(name));
          const f = standard.get(font)!;
          const text = winAnsi.decode(Buffer.from(hex, 'hex'));
          const ascent = f.heightAtSize(size, { descender: false });
          runs.push({
            text,
            font,
            size,
            x0: x,
            x1: x + f.widthOfTextAtSize(text, size),
            y0: y - (f.heightAtSize(size) - ascent),
            y1: y + ascent,
          });
        }
      }
    }
    pages.push(runs);
  }
  return pages;
}

/** The text of every page, one line per run of text, pages one after the other. */
export async function pdfDocumentText(bytes: Uint8Array): Promise<string> {
  return (await pdfTextRuns(bytes)).map((runs) => runs.map((r) => r.text).join('\n')).join('\n');
}

import { inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import { pdfTextRuns } from '../platform/pdf-fonts-testing.js';

export { pdfDocumentText, pdfFonts } from '../platform/pdf-fonts-testing.js';

/**
 * The text a PDF made by pdf-lib shows, for assertions: each content stream is inflated and the strings of its
 * text operators (`<hex> Tj`, `(literal) Tj`) are decoded, one line per operator, in drawing order. Good for
 * the standard fonts (WinAnsi); text drawn with an embedded subset font comes out as glyph ids, so tests of such
 * documents check their ASCII parts.
 */
export function pdfText(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = buf.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    let from = start + 'stream'.length;
    if (buf[from] === 0x0d) from++;
    if (buf[from] === 0x0a) from++;
    const end = buf.indexOf('endstream', from, 'latin1');
    if (end < 0) break;
    at = end + 'endstream'.length;
    let content: string;
    try {
      content = inflateSync(buf.subarray(from, end)).toString('latin1');
    } catch {
      content = buf.subarray(from, end).toString('latin1');
    }
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      out.push(m[1] != null ? Buffer.from(m[1], 'hex').toString('latin1') : m[2]!.replace(/\\(.)/g, '$1'));
    }
  }
  return out.join('\n');
}

/**
 * The text of each page of a PDF made by pdf-lib, decoded through each font's ToUnicode map, so that text drawn
 * with an embedded subset font (glyph ids) reads back as the letters it shows ("Zoë Müller-Nel"). Text inside
 * embedded pages (a background) is left out; each text operator gives one line.
 */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const streamText = (s: unknown) =>
    s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : '';
  const toUnicode = new Map<string, Map<number, string>>();
  const mapOf = (fontRef: unknown): Map<number, string> | null => {
    const key = String(fontRef);
    if (toUnicode.has(key)) return toUnicode.get(key)!;
    const font = doc.context.lookup(fontRef as PDFRef);
    const cmapRef = font instanceof PDFDict ? font.get(PDFName.of('ToUnicode')) : undefined;
    if (!cmapRef) return null;
    const map = new Map<number, string>();
    for (const m of streamText(doc.context.lookup(cmapRef)).matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g)) {
      const units = m[2]!.match(/.{4}/g)!.map((h) => Number.parseInt(h, 16));
      map.set(Number.parseInt(m[1]!, 16), String.fromCharCode(...units));
    }
    toUnicode.set(key, map);
    return map;
  };
  return doc.getPages().map((page) => {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const contents = page.node.Contents();
    const parts = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const lines: string[] = [];
    let current: Map<number, string> | null = null;
    for (const content of parts.map(streamText)) {
      for (const m of content.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
        if (m[1] != null) {
          const ref = fonts?.get(PDFName.of(m[1]));
          current = ref ? mapOf(ref) : null;
        } else if (m[2] != null) {
          lines.push(
            current
              ? (m[2].match(/.{4}/g) ?? []).map((h) => current!.get(Number.parseInt(h, 16)) ?? '?').join('')
              : Buffer.from(m[2], 'hex').toString('latin1'),
          );
        } else lines.push(m[3]!.replace(/\\(.)/g, '$1'));
      }
    }
    return lines.join('\n');
  });
}

/** A run of text as a page shows it: the text, the box it takes (PDF points, origin bottom left), font and size. */
export interface TextBox {
  text: string;
  font: string;
  size: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * Where each run of text stands, page by page, in a standard font or an embedded one (server/platform/
 * pdf-fonts-testing.ts). For layout assertions: two runs whose boxes overlap print one over the other.
 */
export const pdfTextBoxes: (bytes: Uint8Array) => Promise<TextBox[][]> = pdfTextRuns;

/** The pairs of runs that print over one another (boxes that share more than a quarter of a point each way). */
export function overlappingText(boxes: TextBox[]): [string, string][] {
  const out: [string, string][] = [];
  const apart = 0.25;
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (across > apart && down > apart) out.push([a.text, b.text]);
    }
  return out;
}

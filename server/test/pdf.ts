import { inflateSync } from 'node:zlib';

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

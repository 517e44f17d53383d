import {
  fill,
  PDFDocument,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
} from 'pdf-lib';
import QRCode from 'qrcode';
import type { CertificateField } from '#contract/certificates';
import type { PreparedFile } from './pdf-files.js';

/* What a page draws besides its texts: colours, the QR code, the platform's frame, a field's alignment. */

export const colour = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/**
 * Draws a QR code as vector squares (no image to encode or embed): each run of dark modules in a row is one
 * rectangle, all filled by one operator (as the invoices do), so a code costs a few hundred bytes.
 */
export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
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
export function frameOf(width: number, height: number): Promise<PreparedFile> {
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
export const alignedX = (f: CertificateField, w: number) =>
  f.align === 'left' ? f.x : f.align === 'right' ? f.x + f.width - w : f.x + (f.width - w) / 2;

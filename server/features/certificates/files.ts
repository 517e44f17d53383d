import { PDFDocument } from 'pdf-lib';
import { HttpError } from '../../http/errors.js';
import { prepareImage } from '../../platform/images.js';

/** The largest background or signature file taken. */
export const CERTIFICATE_FILE_MAX_BYTES = 10 * 1024 * 1024;

export type CertificateFileType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** The type of an uploaded file by its first bytes (never its name or the browser's claim), or null. */
export function sniffCertificateFile(bytes: Buffer): CertificateFileType | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

const unreadable = (what: string) =>
  new HttpError(400, 'validation_failed', `This ${what} could not be read`, [
    { path: 'body.file', message: `The ${what} is damaged or not a ${what}` },
  ]);

/**
 * What is kept of a background or signature, and its size in PDF points (an image's pixels at 72 dpi, a PDF's first
 * page). An image's header is read first (more than 40 million pixels: 413, nothing stored), then it is written
 * again in its own format at its own size, turned as its EXIF orientation says and without its metadata (a phone
 * photo's EXIF would otherwise travel inside every certificate, decision 067). A PDF is kept as it came; one pdf-lib
 * cannot read (damaged, encrypted, empty) is refused here, not at generation.
 */
export async function prepareFile(
  bytes: Buffer,
  type: CertificateFileType,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  if (type !== 'application/pdf') {
    const { full } = await prepareImage(bytes, type, 'print');
    return { bytes: full.bytes, width: full.width, height: full.height };
  }
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    if (pdf.getPageCount() < 1) throw new Error('no page');
    const { width, height } = pdf.getPage(0).getSize();
    return { bytes, width, height };
  } catch {
    throw unreadable('PDF');
  }
}

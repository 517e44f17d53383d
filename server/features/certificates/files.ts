import { PDFDocument } from 'pdf-lib';
import { badRequest, HttpError } from '../../http/errors.js';

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

/** A JPEG's size from its first frame header (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

const unreadable = (what: string) =>
  new HttpError(400, 'validation_failed', `This ${what} could not be read`, [
    { path: 'body.file', message: `The ${what} is damaged or not a ${what}` },
  ]);

/**
 * The size in PDF points of a background or signature (an image's pixels at 72 dpi, a PDF's first page), read
 * from the file itself; a file pdf-lib cannot read (damaged, encrypted, empty) is refused here, not at generation.
 */
export async function measureFile(
  bytes: Buffer,
  type: CertificateFileType,
): Promise<{ width: number; height: number }> {
  if (type === 'image/png') {
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw unreadable('PNG image');
    const size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    if (!size.width || !size.height || size.width * size.height > 40_000_000)
      throw badRequest('The image is too large: at most 40 million pixels');
    return size;
  }
  if (type === 'image/jpeg') {
    const size = jpegSize(bytes);
    if (!size || !size.width || !size.height) throw unreadable('JPEG image');
    return size;
  }
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    if (pdf.getPageCount() < 1) throw new Error('no page');
    const { width, height } = pdf.getPage(0).getSize();
    return { width, height };
  } catch {
    throw unreadable('PDF');
  }
}

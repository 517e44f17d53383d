/**
 * The type of an uploaded file, decided by its first bytes (magic numbers), never by the name or the
 * browser's claim. The name only tells apart the formats that share a container (Office files are zip,
 * CSV is text). Answers the content type to store and serve, or null when the file is not accepted.
 */
export function sniffFile(bytes: Buffer, name: string): string | null {
  const ext = (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x50, 0x4b, 0x03, 0x04])) {
    const office: Record<string, string> = {
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    };
    const marker = bytes.subarray(0, Math.min(bytes.length, 4096)).toString('latin1');
    if (office[ext] && /\[Content_Types\]\.xml|word\/|xl\/|ppt\/|docProps\//.test(marker)) return office[ext]!;
    return null;
  }
  if (ext === 'txt' || ext === 'csv') {
    if (bytes.includes(0)) return null;
    const text = bytes.toString('utf8');
    if (text.includes('\ufffd')) return null;
    return ext === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8';
  }
  return null;
}

import { PDFDocument } from 'pdf-lib';

/* The uploaded files a template draws (backgrounds, signatures), each read once per run as a one-page PDF. */

/** An uploaded file a template draws (background, signature), prepared once per run as a one-page PDF. */
export interface PreparedFile {
  doc: PDFDocument;
  width: number;
  height: number;
}
export type PreparedFiles = ReadonlyMap<number, PreparedFile>;

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

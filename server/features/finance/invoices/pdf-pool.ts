import { offThread } from '../../../platform/pdf-threads.js';
import { invoicePdf, type InvoiceDocument } from './pdf.js';

/**
 * An invoice or credit note as a PDF, drawn on a worker thread when PDF_THREADS allows (platform/pdf-threads.ts),
 * else here: the issue-all job draws one document while the next order's database work goes on, and a download
 * leaves the event loop to the other requests.
 */
export const invoicePdfOffThread: (d: InvoiceDocument) => Promise<Uint8Array> = offThread(
  new URL('./pdf-worker.ts', import.meta.url),
  invoicePdf,
);

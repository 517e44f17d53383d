import { Piscina } from 'piscina';
import { pdfThreads } from '../../../platform/pdf-threads.js';
import { invoicePdf, type InvoiceDocument } from './pdf.js';

let pool: Piscina | undefined;

/**
 * An invoice or credit note as a PDF, drawn on a worker thread when PDF_THREADS allows (platform/pdf-threads.ts),
 * else here: the issue-all job draws one document while the next order's database work goes on.
 */
export function invoicePdfOffThread(d: InvoiceDocument): Promise<Uint8Array> {
  if (pdfThreads === 0) return invoicePdf(d);
  pool ??= new Piscina({
    filename: new URL('./pdf-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: pdfThreads,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return pool.run(d) as Promise<Uint8Array>;
}

// The invoice-drawing worker (pdf-pool.ts): one document at a time per thread, off the event loop.
import { invoicePdf, type InvoiceDocument } from './pdf.js';

export default function draw(d: InvoiceDocument): Promise<Uint8Array> {
  return invoicePdf(d);
}

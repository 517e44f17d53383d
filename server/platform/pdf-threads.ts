import os from 'node:os';

/**
 * How many worker threads draw PDFs (certificates, invoices) off the event loop: `PDF_THREADS`, by default one per
 * core. 0 draws on the calling thread; that is the default under test (NODE_ENV=test), where a worker thread cannot
 * load the TypeScript sources. Drawing is pure CPU work: on threads it keeps the event loop (and an embedded
 * PGlite) free for the requests and the database work of the same job.
 */
export const pdfThreads = (() => {
  const given = process.env.PDF_THREADS;
  if (given != null && given !== '') return Math.max(0, Math.min(16, Number(given) || 0));
  return process.env.NODE_ENV === 'test' ? 0 : Math.max(1, os.availableParallelism());
})();

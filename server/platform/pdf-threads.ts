import os from 'node:os';
import { Piscina } from 'piscina';

/**
 * How many worker threads draw PDFs (certificates, invoices, sign-in slips) off the event loop: `PDF_THREADS`, by
 * default one per core. 0 draws on the calling thread; that is the default under test (NODE_ENV=test), where a
 * worker thread cannot load the TypeScript sources. Drawing is pure CPU work: on threads it keeps the event loop (and an embedded
 * PGlite) free for the requests and the database work of the same job.
 */
export const pdfThreads = (() => {
  const given = process.env.PDF_THREADS;
  if (given != null && given !== '') return Math.max(0, Math.min(16, Number(given) || 0));
  return process.env.NODE_ENV === 'test' ? 0 : Math.max(1, os.availableParallelism());
})();

/**
 * A drawing function that runs on its own pool of `pdfThreads` worker threads (piscina; `worker` is the module whose
 * default export is the same drawing), or here when `pdfThreads` is 0. The pool starts with its first task and its
 * threads end after 30 s idle. What a pool's tasks may wait for is bounded by the heavy-work gate
 * (platform/heavy-work.ts) of the routes that call it.
 */
export function offThread<T, R>(worker: URL, here: (task: T) => Promise<R>, memoryMb = 256): (task: T) => Promise<R> {
  let pool: Piscina | undefined;
  return (task) => {
    if (pdfThreads === 0) return here(task);
    pool ??= new Piscina({
      filename: worker.href,
      minThreads: 0,
      maxThreads: pdfThreads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    return pool.run(task) as Promise<R>;
  };
}

import { Piscina } from 'piscina';
import { pdfThreads } from '../../platform/pdf-threads.js';
import type { CertificateConfig } from '#contract/certificates';
import { CertificateDocument, type CertificatePrint, type PreparedFiles } from './pdf.js';
import type { RenderTask, SharedFile } from './render-worker.js';

/** Where a batch of certificates is drawn: on worker threads when PDF_THREADS allows (platform/pdf-threads.ts). */
export const renderThreads = pdfThreads;

let pool: Piscina | undefined;
function renderPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./render-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: renderThreads,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  return pool;
}

/** The files of a run, for the threads: their bytes in shared memory, prepared once per thread. */
export interface RunFiles {
  prepared: PreparedFiles;
  shared: SharedFile[];
}

export const sharedFile = (id: number, key: string, contentType: string, bytes: Uint8Array): SharedFile => {
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  return { id, key, contentType, bytes: shared };
};

/** One PDF of certificates: on a worker thread when the pool is on, else here. */
export async function renderBatch(
  config: CertificateConfig,
  files: RunFiles,
  title: string,
  prints: CertificatePrint[],
): Promise<Uint8Array> {
  if (renderThreads > 0) {
    const task: RenderTask = { config, files: files.shared, title, prints };
    return (await renderPool().run(task)) as Uint8Array;
  }
  const doc = await CertificateDocument.create(config, files.prepared, title);
  for (const p of prints) await doc.add(p);
  return doc.save();
}

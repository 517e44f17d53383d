// The certificate-drawing worker (render-pool.ts): one school's PDF at a time per thread, off the event loop.
import type { CertificateConfig } from '#contract/certificates';
import { CertificateDocument, type CertificatePrint, type PreparedFile, prepareFile } from './pdf.js';

/** A background or signature, its bytes shared with the server's thread (never copied per task). */
export interface SharedFile {
  id: number;
  /** The storage key: the thread keeps the prepared file under it for later tasks. */
  key: string;
  contentType: string;
  bytes: SharedArrayBuffer;
}

export interface RenderTask {
  config: CertificateConfig;
  files: SharedFile[];
  title: string;
  prints: CertificatePrint[];
}

const prepared = new Map<string, Promise<PreparedFile>>();

export default async function render(task: RenderTask): Promise<Uint8Array> {
  const files = new Map<number, PreparedFile>();
  for (const f of task.files) {
    let file = prepared.get(f.key);
    if (!file) {
      if (prepared.size > 20) prepared.clear();
      file = prepareFile(new Uint8Array(f.bytes), f.contentType);
      prepared.set(f.key, file);
    }
    files.set(f.id, await file);
  }
  const doc = await CertificateDocument.create(task.config, files, task.title);
  for (const p of task.prints) await doc.add(p);
  return doc.save();
}

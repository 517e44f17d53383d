import { offThread } from '../../platform/pdf-threads.js';
import { type SlipsTask, slipsPdfOf } from './slips.js';

/**
 * The sign-in slips as one PDF, drawn on a worker thread when PDF_THREADS allows (platform/pdf-threads.ts), else
 * here: a school of a thousand learners is a hundred pages, which would otherwise hold every other request of the
 * process while it is drawn (decision 065).
 */
export const slipsPdfOffThread: (task: SlipsTask) => Promise<Uint8Array> = offThread(
  new URL('./slips-worker.ts', import.meta.url),
  slipsPdfOf,
);

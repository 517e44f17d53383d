import os from 'node:os';
import { Piscina } from 'piscina';
import { HttpError, rateLimited } from '../../http/errors.js';
import type { Sheet, SheetResult } from './reader.mjs';
import { defaultZipLimits, isZip, openZip, readZip, ZipFormatError, ZipLimitError, type ZipLimits } from './zip.mjs';

export type { Sheet } from './reader.mjs';
export { decodeText, decodeWindows1252 } from './reader.mjs';
export { defaultZipLimits, isZip, openZip, readZip, ZipFormatError, ZipLimitError, type ZipLimits } from './zip.mjs';

/**
 * Spreadsheets are parsed on their own small pool of worker threads, never on the event loop, so that a
 * huge or hostile file slows nothing else. Each thread has a heap limit and each file a time limit; a thread
 * that passes either is ended (and replaced) and the upload refused. The queue is bounded: when every thread
 * is busy and the queue is full, an upload is refused at once (429) instead of waiting without end.
 */
/**
 * A header cell as a key, the same for every import: without a byte-order mark, trimmed, lower case, with each
 * run of spaces and punctuation (`_ * . : -`) one space ("First_Name:" and "first name" are the same column).
 */
export const headerKey = (cell: string): string =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_*.:-]+/g, ' ')
    .trim();

export const parseLimits = {
  threads: Math.max(1, Number(process.env.PARSE_THREADS) || Math.floor(os.availableParallelism() / 2)),
  /** Uploads waiting for a thread, per thread. */
  queuePerThread: 4,
  timeoutMs: 15_000,
  heapMb: 256,
};

let pool: Piscina | undefined;
let inFlight = 0;
function parsingPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./worker.mjs', import.meta.url).href,
    minThreads: parseLimits.threads,
    maxThreads: parseLimits.threads,
    maxQueue: parseLimits.threads * parseLimits.queuePerThread,
    concurrentTasksPerWorker: 1,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: parseLimits.heapMb, maxYoungGenerationSizeMb: 32 },
  });
  return pool;
}

const busy = () => rateLimited('Many files are being read right now; please upload again in a minute', 60);

/**
 * Reads an uploaded xlsx or csv (decided by content) in a worker thread: the non-empty rows of the first
 * worksheet, stopping as soon as there are more than `maxRows` rows after the header. A file past a limit
 * answers 413 (`tooManyRows` names the message for the row cap), one that cannot be read 400, one that is no
 * spreadsheet 415, and a full pool 429.
 */
export async function readSheet(
  bytes: Buffer,
  options: { maxRows: number; tooManyRows: string; notSpreadsheet: string; unreadable: string },
): Promise<Sheet> {
  // A zip's directory is checked here, before admission: a file that declares too much is refused at once,
  // without taking a place in the pool (reading the directory inflates nothing).
  if (isZip(bytes)) {
    try {
      (await openZip(bytes)).close();
    } catch (err) {
      if (err instanceof ZipLimitError)
        throw new HttpError(413, 'payload_too_large', `${err.message}; this file is too large`);
      if (err instanceof ZipFormatError) throw new HttpError(400, 'bad_request', options.unreadable);
      throw err;
    }
  }
  // Admission is counted here rather than left to the pool's queue, so the bound holds however the pool
  // schedules its threads.
  if (inFlight >= parseLimits.threads * (parseLimits.queuePerThread + 1)) throw busy();
  inFlight++;
  let result: SheetResult;
  try {
    result = await parsingPool().run(
      { bytes, maxRows: options.maxRows },
      { signal: AbortSignal.timeout(parseLimits.timeoutMs) },
    );
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string };
    if (e.message === 'Task queue is at limit' || e.message === 'No task queue available and all Workers are busy')
      throw busy();
    if (e.name === 'AbortError' || e.name === 'TimeoutError')
      throw new HttpError(413, 'payload_too_large', 'This file takes too long to read; split it into smaller files');
    if (e.code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new HttpError(413, 'payload_too_large', 'This file needs too much memory to read; split it');
    throw err;
  } finally {
    inFlight--;
  }
  if (result.ok) return result.sheet;
  if (result.tooManyRows) throw new HttpError(413, 'payload_too_large', options.tooManyRows);
  if (result.status === 413) throw new HttpError(413, 'payload_too_large', `${result.message}; this file is too large`);
  if (result.status === 415) throw new HttpError(415, 'unsupported_media_type', options.notSpreadsheet);
  throw new HttpError(400, 'bad_request', options.unreadable);
}

/**
 * The files of an uploaded zip (QTI packages and the like) within the caps, as 413/400 answers: every entry's
 * declared size is checked before it is inflated and the inflating itself is counted. Inflating runs on
 * zlib's threads, not on the event loop.
 */
export async function unzipUpload(
  bytes: Buffer,
  limits: ZipLimits & { only?: (name: string) => boolean } = {},
): Promise<Array<{ name: string; bytes: Buffer }>> {
  try {
    return await readZip(bytes, { ...defaultZipLimits, ...limits });
  } catch (err) {
    if (err instanceof ZipLimitError)
      throw new HttpError(413, 'payload_too_large', `${err.message}; this file is too large`);
    if (err instanceof ZipFormatError) throw new HttpError(400, 'bad_request', 'This zip file could not be read');
    throw err;
  }
}

// Reading zip files (xlsx workbooks, QTI packages) without letting a small file unpack into a huge one.
// Plain JavaScript so that it runs the same in a worker thread under tsx, vitest and node.
import { Transform } from 'node:stream';
import yauzl from 'yauzl';

/** How much a zip may hold once unpacked; an upload that goes past any of these is refused. */
export const defaultZipLimits = Object.freeze({
  maxEntries: 2_000,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
});

/** The zip unpacks to more than the limits allow (the caller answers 413). */
export class ZipLimitError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ZipLimitError';
    this.code = 'zip_too_large';
  }
}

/** The bytes are not a zip this reader can open (the caller answers 400). */
export class ZipFormatError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ZipFormatError';
    this.code = 'zip_unreadable';
  }
}

const mb = (n) => `${Math.round(n / 1_048_576)} MB`;

/**
 * Opens a zip held in memory and checks its central directory before anything is inflated: the number of
 * entries, each entry's declared size and their sum. Inflating is counted as well, because the sizes a zip
 * declares can lie: an entry that unpacks to more than it declares, or past a limit, fails at once.
 */
export async function openZip(bytes, limits = {}) {
  const lim = { ...defaultZipLimits, ...limits };
  const zipfile = await new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: false, strictFileNames: false, decodeStrings: true },
      (err, zf) => (err ? reject(new ZipFormatError(`Not a readable zip file: ${err.message}`)) : resolve(zf)),
    );
  });
  if (zipfile.entryCount > lim.maxEntries) {
    zipfile.close();
    throw new ZipLimitError(`The file holds ${zipfile.entryCount} parts; at most ${lim.maxEntries} are read`);
  }
  const entries = new Map();
  let declared = 0;
  try {
    await new Promise((resolve, reject) => {
      zipfile.on('entry', (entry) => {
        if (!entry.fileName.endsWith('/')) {
          if (entry.uncompressedSize > lim.maxEntryBytes) {
            reject(new ZipLimitError(`A part of the file unpacks to more than ${mb(lim.maxEntryBytes)}`));
            return;
          }
          declared += entry.uncompressedSize;
          if (declared > lim.maxTotalBytes) {
            reject(new ZipLimitError(`The file unpacks to more than ${mb(lim.maxTotalBytes)}`));
            return;
          }
          entries.set(entry.fileName, entry);
        }
        zipfile.readEntry();
      });
      zipfile.on('end', resolve);
      zipfile.on('error', (err) => reject(new ZipFormatError(`Not a readable zip file: ${err.message}`)));
      zipfile.readEntry();
    });
  } catch (err) {
    zipfile.close();
    throw err;
  }

  let inflated = 0;
  const streams = new Set();
  const stream = async (name) => {
    const entry = entries.get(name);
    if (!entry) throw new ZipFormatError(`The zip has no ${name}`);
    const raw = await new Promise((resolve, reject) => {
      zipfile.openReadStream(entry, (err, s) =>
        err ? reject(new ZipFormatError(`Cannot unpack ${name}: ${err.message}`)) : resolve(s),
      );
    });
    let count = 0;
    const counter = new Transform({
      transform(chunk, _encoding, callback) {
        count += chunk.length;
        inflated += chunk.length;
        if (count > lim.maxEntryBytes || count > entry.uncompressedSize) {
          callback(
            new ZipLimitError(`A part of the file unpacks to more than it declares or than ${mb(lim.maxEntryBytes)}`),
          );
        } else if (inflated > lim.maxTotalBytes) {
          callback(new ZipLimitError(`The file unpacks to more than ${mb(lim.maxTotalBytes)}`));
        } else callback(null, chunk);
      },
      flush(callback) {
        callback(count === entry.uncompressedSize ? null : new ZipFormatError(`${name} is damaged`));
      },
    });
    raw.on('error', (err) => counter.destroy(new ZipFormatError(`Cannot unpack ${name}: ${err.message}`)));
    counter.on('close', () => {
      raw.unpipe(counter);
      raw.destroy();
      streams.delete(counter);
    });
    streams.add(counter);
    return raw.pipe(counter);
  };
  const read = async (name) => {
    const chunks = [];
    for await (const chunk of await stream(name)) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  return {
    names: [...entries.keys()],
    has: (name) => entries.has(name),
    size: (name) => entries.get(name)?.uncompressedSize,
    stream,
    read,
    close() {
      for (const s of streams) s.destroy();
      zipfile.close();
    },
  };
}

/**
 * Every file of a zip (or those `only` accepts), unpacked within the limits, in the zip's order.
 * Throws ZipLimitError when the zip unpacks past a limit and ZipFormatError when it cannot be read.
 */
export async function readZip(bytes, limits = {}) {
  const zip = await openZip(bytes, limits);
  try {
    const out = [];
    for (const name of zip.names) {
      if (limits.only && !limits.only(name)) continue;
      out.push({ name, bytes: await zip.read(name) });
    }
    return out;
  } finally {
    zip.close();
  }
}

/** True when the bytes start like a zip (a local file header). */
export const isZip = (bytes) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * The learner's sitting on this device: one IndexedDB database, `olympus-sitting`, opened by a few lines over the
 * browser's own API (no library). The sitting feature keeps its unsent answers, the paper it opened and a finish
 * given offline here; the learner app's service worker reads the paper's pictures from it when the network fails;
 * signing out removes the paper and its pictures. So the names, the version and the upgrade are written once, here.
 *
 * Stores:
 *  - `outbox`: unsent answers, key `olympiad|learner|question` (index `owner`: `olympiad|learner`);
 *  - `papers`: the paper as it was opened, the sitting state, the deadline and the clock at the last contact, key
 *    `owner`;
 *  - `answers`: the answers the server acknowledged since the paper opened (the paper holds those before), key
 *    `owner|question` (index `owner`), so a reload without the network shows every answer;
 *  - `pictures`: one copy of each picture of a paper, key `owner|path` (indexes `owner` and `path`: the service
 *    worker asks by path, whatever the query and whoever's paper it is, as a picture's path names its content);
 *  - `finishes`: a hand-in given offline, with when it was given, key `owner`.
 */
export const DB_NAME = 'olympus-sitting';
export const DB_VERSION = 2;
export type StoreName = 'outbox' | 'papers' | 'answers' | 'pictures' | 'finishes';

export interface StoredPicture {
  key: string;
  owner: string;
  /** The address's path without its query, e.g. /question/image/12/ab…; the service worker looks it up by it. */
  path: string;
  blob: Blob;
}

let opening: Promise<IDBDatabase | null> | null = null;

/** The database, or null where IndexedDB is missing or refused (some private modes): callers then keep memory only. */
export function openSittingDb(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    try {
      if (typeof indexedDB === 'undefined') return resolve(null);
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      // Each store is made when missing, so version 1's outbox (answers kept before this version) stays as it was.
      request.onupgradeneeded = () => {
        const db = request.result;
        const has = (name: StoreName) => db.objectStoreNames.contains(name);
        if (!has('outbox')) db.createObjectStore('outbox', { keyPath: 'key' }).createIndex('owner', 'owner');
        if (!has('papers')) db.createObjectStore('papers', { keyPath: 'owner' });
        if (!has('answers')) db.createObjectStore('answers', { keyPath: 'key' }).createIndex('owner', 'owner');
        if (!has('pictures')) {
          const pictures = db.createObjectStore('pictures', { keyPath: 'key' });
          pictures.createIndex('owner', 'owner');
          pictures.createIndex('path', 'path');
        }
        if (!has('finishes')) db.createObjectStore('finishes', { keyPath: 'owner' });
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer release's page asks for a newer version: let it upgrade instead of blocking it.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/** One request in its own transaction; undefined when the database is missing or the transaction failed. */
export function run<T>(
  name: StoreName,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  return openSittingDb().then(
    (db) =>
      new Promise((resolve) => {
        if (!db) return resolve(undefined);
        try {
          const tx = db.transaction(name, mode);
          const request = work(tx.objectStore(name));
          tx.oncomplete = () => resolve(request.result);
          tx.onerror = () => resolve(undefined);
          tx.onabort = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
      }),
  );
}

/** Removes every record of `owner` from a store with an `owner` index (or keyed by owner). */
export async function removeOwner(name: StoreName, owner: string): Promise<void> {
  if (name === 'papers' || name === 'finishes') {
    await run(name, 'readwrite', (store) => store.delete(owner));
    return;
  }
  const keys = await run(name, 'readonly', (store) => store.index('owner').getAllKeys(owner));
  for (const key of keys ?? []) await run(name, 'readwrite', (store) => store.delete(key));
}

/** A picture kept for a paper, by its path (the query ignored): what the service worker answers offline. */
export async function pictureAt(path: string): Promise<Blob | null> {
  const found = await run(
    'pictures',
    'readonly',
    (store) => store.index('path').get(path) as IDBRequest<StoredPicture | undefined>,
  );
  return found?.blob ?? null;
}

/**
 * Whether anything of a paper is on this device: a paper opened and not yet handed in (removed once its finish
 * reached the server), an answer not yet sent, or a hand-in kept offline. The service worker lets a new release in
 * only when there is none. A tab's address cannot say it: Chromium gives a page's first address, not where the page
 * has moved to since (a paper reached from the instructions page, a finished page reached from a question).
 */
export async function paperOnDevice(): Promise<boolean> {
  for (const name of ['papers', 'outbox', 'finishes'] as const) {
    const count = await run(name, 'readonly', (store) => store.count());
    if (count === undefined || count > 0) return true;
  }
  return false;
}

/**
 * Signing out on this device: nobody's paper or pictures stay behind. Unsent answers and an offline hand-in stay
 * (they are the learner's, sent when they sign in again), as the outbox always did.
 */
export async function removePaperCopies(): Promise<void> {
  await run('papers', 'readwrite', (store) => store.clear());
  await run('answers', 'readwrite', (store) => store.clear());
  await run('pictures', 'readwrite', (store) => store.clear());
}

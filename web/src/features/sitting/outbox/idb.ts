/**
 * The outbox's storage: one IndexedDB object store of unsent answers, written by a few lines over the
 * browser's own API (no library). Where IndexedDB is missing or refused (some private modes), it keeps
 * the entries in memory, so the page still works and retries for as long as it stays open.
 */
import type { AnswerValue } from '#contract/index';
import type { Position } from '../api/save-answer.js';

export interface OutboxEntry {
  /** `${olympiadName}|${learnerId}|${questionId}`: the latest value for a question replaces the older one. */
  key: string;
  owner: string;
  questionId: number;
  value: AnswerValue;
  flagged: boolean;
  position?: Position;
  /** Grows with every change, so an acknowledgement removes only the value it was for. */
  seq: number;
  updatedAt: number;
}

const DB_NAME = 'olympus-sitting';
const STORE = 'outbox';

let opening: Promise<IDBDatabase | null> | null = null;
const memory = new Map<string, OutboxEntry>();

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    try {
      if (typeof indexedDB === 'undefined') return resolve(null);
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
        store.createIndex('owner', 'owner');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise((resolve) => {
        if (!db) return resolve(undefined);
        try {
          const tx = db.transaction(STORE, mode);
          const request = work(tx.objectStore(STORE));
          tx.oncomplete = () => resolve(request.result);
          tx.onerror = () => resolve(undefined);
          tx.onabort = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
      }),
  );
}

export function ownerKey(olympiadName: string, learnerId: number): string {
  return `${olympiadName}|${learnerId}`;
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  memory.set(entry.key, entry);
  await run('readwrite', (store) => store.put(entry));
}

/**
 * Removes the entry only if it still holds the acknowledged value (`seq`). The check and the removal share one
 * read-write transaction: a newer value put between a separate read and delete would be deleted with it, and
 * lost on a reload.
 */
export async function deleteEntry(key: string, seq: number): Promise<void> {
  const current = memory.get(key);
  if (current && current.seq !== seq) return;
  memory.delete(key);
  await run('readwrite', (store) => {
    const request = store.get(key) as IDBRequest<OutboxEntry | undefined>;
    request.onsuccess = () => {
      if (request.result?.seq === seq) store.delete(key);
    };
    return request;
  });
}

export async function entriesOf(owner: string): Promise<OutboxEntry[]> {
  const stored = await run('readonly', (store) => store.index('owner').getAll(owner) as IDBRequest<OutboxEntry[]>);
  const byKey = new Map<string, OutboxEntry>();
  for (const entry of stored ?? []) byKey.set(entry.key, entry);
  for (const entry of memory.values()) {
    if (entry.owner !== owner) continue;
    const other = byKey.get(entry.key);
    if (!other || other.seq <= entry.seq) byKey.set(entry.key, entry);
  }
  return [...byKey.values()];
}

export async function clearOwner(owner: string): Promise<void> {
  for (const [key, entry] of memory) if (entry.owner === owner) memory.delete(key);
  const keys = await run('readonly', (store) => store.index('owner').getAllKeys(owner));
  for (const key of keys ?? []) await run('readwrite', (store) => store.delete(key));
}

/**
 * The outbox's storage: the `outbox` store of the sitting's database (lib/offline/db.ts) holds unsent answers.
 * Where IndexedDB is missing or refused (some private modes), it keeps the entries in memory, so the page still
 * works and retries for as long as it stays open.
 */
import type { AnswerValue } from '#contract/index';
import { removeOwner, run } from '../../../lib/offline/db.js';
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
  /**
   * When the learner gave it, on the server's clock (the device's clock corrected by the offset measured at the
   * last contact), ms since the epoch: sent as `givenAt`, so an answer that waited here counts when it was given.
   * Missing on entries kept by an older release: sent without it (the server takes it as given now).
   */
  givenAt?: number;
}

const memory = new Map<string, OutboxEntry>();

export function ownerKey(olympiadName: string, learnerId: number): string {
  return `${olympiadName}|${learnerId}`;
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  memory.set(entry.key, entry);
  await run('outbox', 'readwrite', (store) => store.put(entry));
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
  await run('outbox', 'readwrite', (store) => {
    const request = store.get(key) as IDBRequest<OutboxEntry | undefined>;
    request.onsuccess = () => {
      if (request.result?.seq === seq) store.delete(key);
    };
    return request;
  });
}

export async function entriesOf(owner: string): Promise<OutboxEntry[]> {
  const stored = await run(
    'outbox',
    'readonly',
    (store) => store.index('owner').getAll(owner) as IDBRequest<OutboxEntry[]>,
  );
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
  await removeOwner('outbox', owner);
}

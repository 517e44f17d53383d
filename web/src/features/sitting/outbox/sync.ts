import type { AnswerValue } from '#contract/index';
import { isApiError } from '../../../lib/api/index.js';
import { onReconnect, setReconnectSpread } from '../../../lib/offline/reconnect.js';
import { finishSitting } from '../api/finish-sitting.js';
import { saveAnswer, type Position } from '../api/save-answer.js';
import { clearOwner, deleteEntry, entriesOf, ownerKey, putEntry, type OutboxEntry } from './idb.js';
import {
  keepAnswer,
  keepContact,
  keepPosition,
  keepFinish,
  keptFinish,
  removeSitting,
  type KeptFinish,
} from './paper-store.js';
import type { AnswerState, OpenedPaper, SaveStatus, SittingSnapshot } from './snapshot.js';

const TEXT_DEBOUNCE_MS = 600;
const MAX_BACKOFF_MS = 30_000;

let seqCounter = 0;
function nextSeq(): number {
  seqCounter = (seqCounter + 1) % 1000;
  return Date.now() * 1000 + seqCounter;
}

/**
 * The learner's answers while writing: what they gave (merged from the server and the outbox), what is
 * still unsent, and the server-held deadline. Every change goes into the outbox (IndexedDB) first, then
 * to PUT /api/sitting/{o}/answers/{id}; an entry leaves the outbox only when the server acknowledged
 * that very value. Failures retry with backoff, and again once the network is back (at this page's own moment
 * within the spread the server gave with the paper: lib/offline/reconnect.ts).
 *
 * Offline, the sitting goes on here: each answer carries when it was given (the device's clock corrected by the
 * offset measured at the last contact), a hand-in or the time running out is kept with the outbox, and both are
 * sent when the network returns, the finish last. Only then is the paper removed from the device.
 */
export class SittingSync {
  private readonly owner: string;
  private answers = new Map<number, AnswerState>();
  private pending = new Map<number, OutboxEntry>();
  private drafts = new Map<number, string>();
  private inflight = new Set<number>();
  private timers = new Map<number, ReturnType<typeof setTimeout>>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private lastFailure: 'network' | 'server' | null = null;
  private savedOnce = false;
  private snapshot: SittingSnapshot;
  private listeners = new Set<() => void>();
  private position: Position | null = null;
  private initialised: Promise<void> | null = null;
  private resumed: Promise<void> | null = null;
  private finishing: KeptFinish | null = null;
  private finishInflight = false;
  private onDevice = false;
  private keptElsewhere = new Map<number, string>();
  private contactSavedAt = 0;
  private stopReconnect: () => void;

  constructor(
    readonly olympiadName: string,
    learnerId: number,
  ) {
    this.owner = ownerKey(olympiadName, learnerId);
    this.snapshot = this.build(false, null, 0, false);
    // The bar follows the browser's online and offline at once; what was kept is sent at this page's own moment
    // after the network returns.
    this.stopReconnect = onReconnect(this.onOnline);
    window.addEventListener('online', this.emit);
    window.addEventListener('offline', this.emit);
  }

  // ---- reading -------------------------------------------------------------------------------------

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SittingSnapshot => this.snapshot;

  private build(ready: boolean, deadlineAt: number | null, clockOffset: number, closed: boolean): SittingSnapshot {
    return {
      ready,
      answers: new Map(this.answers),
      pendingCount: this.pending.size,
      unsaved: new Map(this.drafts),
      status: this.status(),
      deadlineAt,
      clockOffset,
      closed,
      pendingIds: new Set(this.pending.keys()),
      onDevice: this.onDevice,
      finishing: this.finishing,
      keptElsewhere: new Map(this.keptElsewhere),
    };
  }

  private status(): SaveStatus {
    // What the learner must fix comes first: "All answers saved" beside an answer that is not would be a lie.
    if (this.drafts.size > 0) return 'unsaved';
    // Nothing unsent: everything given so far (in this visit or before it) is on the server.
    if (this.pending.size === 0 && !this.finishing) return this.savedOnce || this.answers.size > 0 ? 'saved' : 'idle';
    if (!navigator.onLine || this.lastFailure === 'network') return 'offline';
    if (this.lastFailure === 'server') return 'retrying';
    return 'saving';
  }

  private emit = () => {
    const { ready, deadlineAt, clockOffset, closed } = this.snapshot;
    this.snapshot = this.build(ready, deadlineAt, clockOffset, closed);
    for (const listener of this.listeners) listener();
  };

  private patch(next: Partial<Pick<SittingSnapshot, 'ready' | 'deadlineAt' | 'clockOffset' | 'closed'>>) {
    const merged = { ...this.snapshot, ...next };
    this.snapshot = this.build(merged.ready, merged.deadlineAt, merged.clockOffset, merged.closed);
    for (const listener of this.listeners) listener();
  }

  // ---- loading -------------------------------------------------------------------------------------

  /**
   * Merges the paper's answers with the outbox (an unsent answer wins) and starts sending. The paper is the
   * server's, or the one kept on the device with the deadline and clock offset of the last contact.
   */
  init({ paper, deadlineAt, clockOffset, onDevice }: OpenedPaper): Promise<void> {
    this.initialised ??= (async () => {
      // A paper kept on the device by an older release has no spread: the page then waits within the longest.
      if (paper.reconnectSpreadSeconds !== undefined) setReconnectSpread(paper.reconnectSpreadSeconds);
      this.onDevice = onDevice;
      if (onDevice) this.lastFailure = 'network';
      for (const saved of paper.answers)
        this.answers.set(saved.questionId, { value: saved.value, flagged: saved.flagged });
      const ids = new Set(paper.modules.flatMap((m) => m.questions.map((q) => q.id)));
      for (const entry of await entriesOf(this.owner)) {
        if (!ids.has(entry.questionId)) continue;
        this.answers.set(entry.questionId, { value: entry.value, flagged: entry.flagged });
        if (!this.pending.has(entry.questionId)) this.pending.set(entry.questionId, entry);
      }
      this.finishing = (await keptFinish(this.owner)) ?? null;
      this.patch({ ready: true, deadlineAt, clockOffset });
      this.flush();
    })();
    return this.initialised;
  }

  /**
   * The finished page: whatever this device still holds of the attempt (unsent answers, a hand-in given offline)
   * is sent; once nothing is left, the sitting's copies leave the device and the snapshot says `closed`.
   */
  resume(): Promise<void> {
    this.resumed ??= (async () => {
      for (const entry of await entriesOf(this.owner)) {
        if (!this.pending.has(entry.questionId)) this.pending.set(entry.questionId, entry);
      }
      this.finishing ??= (await keptFinish(this.owner)) ?? null;
      this.patch({ ready: true });
      if (this.pending.size === 0 && !this.finishing) this.close();
      else this.flush();
    })();
    return this.resumed;
  }

  /** A newer deadline (extra time granted) with the server's clock at that moment. */
  updateDeadline(deadlineAt: number, serverNow: number) {
    this.contact(serverNow, deadlineAt);
  }

  /**
   * The server answered with its clock (`serverNow`, ms): the offset and the time of this contact are what the timer
   * goes by after a reload without the network, so they are kept on the device too (when they moved, or a minute on).
   */
  private contact(serverNow: number, deadlineAt: number | null) {
    const clockOffset = serverNow - Date.now();
    const moved = Math.abs(clockOffset - this.snapshot.clockOffset) > 2000;
    if (this.onDevice) {
      this.onDevice = false;
      this.emit();
    }
    if ((deadlineAt !== null && deadlineAt !== this.snapshot.deadlineAt) || moved) {
      this.patch({ deadlineAt: deadlineAt ?? this.snapshot.deadlineAt, ...(moved ? { clockOffset } : {}) });
    }
    if (moved || deadlineAt !== null || Date.now() - this.contactSavedAt > 60_000) {
      this.contactSavedAt = Date.now();
      void keepContact(this.owner, moved ? clockOffset : this.snapshot.clockOffset, deadlineAt);
    }
  }

  /** Now on the server's clock, as the page knows it: when an answer or a hand-in is given. */
  serverTime(): number {
    return Date.now() + this.snapshot.clockOffset;
  }

  // ---- writing -------------------------------------------------------------------------------------

  setPosition(position: Position) {
    const moved =
      this.position?.moduleIndex !== position.moduleIndex || this.position.questionIndex !== position.questionIndex;
    this.position = position;
    // Kept on the device too: a reopening without the network goes back to this question, not the paper's first.
    if (moved) void keepPosition(this.owner, position);
  }

  getPosition(): Position | null {
    return this.position;
  }

  /** Records an answer: into memory and the outbox at once; sent at once, or after a pause in typing. */
  setAnswer(questionId: number, value: AnswerValue, options: { debounce?: boolean } = {}) {
    const flagged = this.answers.get(questionId)?.flagged ?? false;
    this.record(questionId, value, flagged, options.debounce ? TEXT_DEBOUNCE_MS : 0);
  }

  /**
   * Text typed for a question that cannot be saved as it is (null: what is typed now is saved, or saving).
   * It is kept while the learner moves between questions, so the field shows it again when they come back.
   */
  setUnsaved(questionId: number, text: string | null) {
    if (text === null ? !this.drafts.has(questionId) : this.drafts.get(questionId) === text) return;
    if (text === null) this.drafts.delete(questionId);
    else this.drafts.set(questionId, text);
    this.emit();
  }

  setFlag(questionId: number, emptyValue: AnswerValue, flagged: boolean) {
    const value = this.answers.get(questionId)?.value ?? emptyValue;
    this.record(questionId, value, flagged, 0);
  }

  private record(questionId: number, value: AnswerValue, flagged: boolean, delay: number) {
    if (this.snapshot.closed || this.finishing) return;
    this.answers.set(questionId, { value, flagged });
    // The learner's own answer replaces the one another device gave.
    this.keptElsewhere.delete(questionId);
    const entry: OutboxEntry = {
      key: `${this.owner}|${questionId}`,
      owner: this.owner,
      questionId,
      value,
      flagged,
      position: this.position ?? undefined,
      seq: nextSeq(),
      updatedAt: Date.now(),
      givenAt: this.serverTime(),
    };
    this.pending.set(questionId, entry);
    void putEntry(entry);
    this.emit();
    const old = this.timers.get(questionId);
    if (old) clearTimeout(old);
    if (delay > 0) {
      this.timers.set(
        questionId,
        setTimeout(() => {
          this.timers.delete(questionId);
          this.send(questionId);
        }, delay),
      );
    } else {
      this.timers.delete(questionId);
      this.send(questionId);
    }
  }

  /** Sends everything unsent now (typing pauses included). */
  flush = () => {
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    for (const [id, timer] of this.timers) {
      clearTimeout(timer);
      this.timers.delete(id);
    }
    for (const id of this.pending.keys()) this.send(id);
    this.sendFinish();
  };

  /** Resolves true once nothing is unsent, false if that did not happen within `timeoutMs`. */
  async settle(timeoutMs: number): Promise<boolean> {
    this.flush();
    const end = Date.now() + timeoutMs;
    while (this.pending.size > 0 && Date.now() < end && !this.snapshot.closed) {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    return this.pending.size === 0;
  }

  private onOnline = () => {
    this.failures = 0;
    this.emit();
    this.flush();
  };

  private send(questionId: number) {
    if (this.inflight.has(questionId) || this.snapshot.closed) return;
    const entry = this.pending.get(questionId);
    if (!entry) return;
    this.inflight.add(questionId);
    const sentAt = Date.now();
    void saveAnswer(this.olympiadName, questionId, {
      value: entry.value,
      flagged: entry.flagged,
      position: entry.position,
      ...(entry.givenAt === undefined ? {} : { givenAt: new Date(entry.givenAt).toISOString() }),
    })
      .then(
        async (result) => {
          this.failures = 0;
          this.lastFailure = null;
          this.savedOnce = true;
          const latest = this.pending.get(questionId)?.seq === entry.seq;
          if (latest) this.pending.delete(questionId);
          const stored = result.kept ?? entry;
          if (result.kept && latest) {
            // Another device gave a later answer: the server keeps it, and so does this page.
            this.answers.set(questionId, { value: result.kept.value, flagged: result.kept.flagged });
            this.keptElsewhere.set(questionId, result.kept.givenAt);
          }
          await keepAnswer(this.owner, questionId, stored.value, stored.flagged);
          await deleteEntry(entry.key, entry.seq);
          // Stored now: the server's clock, halfway through the call.
          const savedAt = Date.parse(result.savedAt);
          this.contact(
            Number.isNaN(savedAt) || result.kept
              ? Date.now() + this.snapshot.clockOffset
              : savedAt + (Date.now() - sentAt) / 2,
            Date.parse(result.deadlineAt),
          );
        },
        (error: unknown) => this.failed(questionId, entry, error),
      )
      .finally(() => {
        this.inflight.delete(questionId);
        this.emit();
        // A newer value arrived while this one was on its way.
        const newer = this.pending.get(questionId);
        if (newer && newer.seq !== entry.seq && !this.timers.has(questionId) && !this.retryTimer) this.send(questionId);
        this.sendFinish();
      });
  }

  // ---- finishing -----------------------------------------------------------------------------------

  /**
   * The learner handed in while the server cannot be reached: the hand-in is kept on the device with when it was
   * given, answers can no longer change, and it is sent once every answer has reached the server.
   */
  async handInLater(givenAt: number): Promise<void> {
    await this.keepEnding({ owner: this.owner, givenAt, reason: 'submitted' });
  }

  private async keepEnding(finish: KeptFinish) {
    if (this.finishing) return;
    this.finishing = finish;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await keepFinish(finish);
    this.emit();
    this.flush();
  }

  /** Once the outbox is empty: the kept hand-in goes to the server (time that ran out needs none), then all goes. */
  private sendFinish() {
    const finish = this.finishing;
    if (!finish || this.pending.size > 0 || this.inflight.size > 0 || this.finishInflight || this.snapshot.closed)
      return;
    if (finish.reason === 'time_up') {
      this.close();
      return;
    }
    this.finishInflight = true;
    finishSitting(this.olympiadName, new Date(finish.givenAt).toISOString(), true)
      .then(
        () => this.close(),
        (error: unknown) => {
          const status = isApiError(error) ? error.status : 0;
          // Finished already (by the server at the deadline, or on another device): the server has it.
          if (status === 409) return this.close();
          this.keepOrRetry(status);
        },
      )
      .finally(() => {
        this.finishInflight = false;
        this.emit();
      });
  }

  private failed(questionId: number, entry: OutboxEntry, error: unknown) {
    const status = isApiError(error) ? error.status : 0;
    if (status === 409) {
      // Time is up or the attempt is finished: nothing more can be saved; the server has what it has.
      this.close();
      return;
    }
    if (status === 400 || status === 404 || status === 422) {
      // This value can never be stored (the question is gone or the value is refused): drop it.
      console.warn(`Answer to question ${questionId} refused by the server`, error);
      if (this.pending.get(questionId)?.seq === entry.seq) this.pending.delete(questionId);
      void deleteEntry(entry.key, entry.seq);
      return;
    }
    this.keepOrRetry(status);
  }

  /**
   * A send that may succeed later: signed out, or the attempt not in the questions step any more (401, 403), it waits
   * on the device for the next session; otherwise (the network, or the server failing) it is tried again with backoff.
   */
  private keepOrRetry(status: number) {
    if (status === 401 || status === 403) {
      this.lastFailure = 'server';
      return;
    }
    this.lastFailure = status === 0 ? 'network' : 'server';
    this.failures += 1;
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.retryTimer) return;
    const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(this.failures - 1, 5));
    const delay = base / 2 + Math.random() * (base / 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      for (const id of this.pending.keys()) if (!this.timers.has(id)) this.send(id);
      this.sendFinish();
    }, delay);
  }

  private close() {
    if (this.snapshot.closed) return;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.pending.clear();
    this.finishing = null;
    void clearOwner(this.owner).then(() => removeSitting(this.owner));
    this.patch({ closed: true });
  }

  /**
   * The attempt ended (handed in, time up, or closed by the server). With nothing left on the device, everything
   * of it goes; answers still here (the time ran out offline) stay and are sent, as given before the deadline.
   */
  async finished(): Promise<void> {
    if (this.finishing) return;
    if (this.pending.size === 0) {
      this.close();
      return;
    }
    await this.keepEnding({
      owner: this.owner,
      givenAt: this.snapshot.deadlineAt ?? this.serverTime(),
      reason: 'time_up',
    });
  }

  dispose() {
    this.stopReconnect();
    window.removeEventListener('online', this.emit);
    window.removeEventListener('offline', this.emit);
    for (const timer of this.timers.values()) clearTimeout(timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }
}

const syncs = new Map<string, SittingSync>();

/** One sync per olympiad and learner for the life of the tab (it outlives page changes). */
export function sittingSync(olympiadName: string, learnerId: number): SittingSync {
  const key = ownerKey(olympiadName, learnerId);
  let sync = syncs.get(key);
  if (!sync) {
    sync = new SittingSync(olympiadName, learnerId);
    syncs.set(key, sync);
  }
  return sync;
}

/** Forgets the tab's sync (after finishing), so a reset attempt starts clean. */
export function dropSittingSync(olympiadName: string, learnerId: number) {
  const key = ownerKey(olympiadName, learnerId);
  syncs.get(key)?.dispose();
  syncs.delete(key);
}

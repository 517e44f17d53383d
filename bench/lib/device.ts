import { Pool } from 'undici';
import { canonical } from './learner.js';

/**
 * One learner's device for the reconnect storm (bench/offline.ts): the page's outbox as
 * web/src/features/sitting/outbox/sync.ts keeps it, step for step, so that the storm is the devices' own and not an
 * idealised one. It keeps only the latest value of each question, sends each at once (its own PUT), retries after a
 * failure with exponential backoff and jitter (1 s … 30 s, one timer for the whole outbox), and at the 'online'
 * event forgets its failures and sends everything pending at once. What the page does beside the outbox is here too,
 * since it lands at the same instant: its stale queries read again on reconnect (the sitting's state and the public
 * settings, as TanStack Query's refetchOnReconnect does, retried twice) and a heartbeat once a minute.
 *
 * Each device has its own connections, as a browser has (up to `connections` to the origin, over HTTP/1.1, no
 * timeout of its own): going offline drops them, coming back opens new ones. Offline, every request fails at once
 * with a network error, as fetch does with the browser offline, and never reaches the server.
 */
export interface DeviceQuestion {
  id: number;
  type: string;
  options: string[];
  moduleIndex: number;
  questionIndex: number;
}

/** What every device of a process reports: each request answered while online. */
export interface DeviceLog {
  /** kind: 'save' | 'state' | 'config' | 'beat'; status 0 is a network error (a timeout, a refused connection). */
  answered(kind: string, status: number, startedAt: number, ms: number): void;
}

interface Entry {
  questionId: number;
  value: unknown;
  position: { moduleIndex: number; questionIndex: number };
  seq: number;
  givenAt: string;
}

const MAX_BACKOFF_MS = 30_000;
const HEARTBEAT_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let seqCounter = 0;

export class Device {
  readonly pending = new Map<number, Entry>();
  /** The last value this learner gave to each question (canonical JSON): what the database must hold at the end. */
  readonly given = new Map<number, string>();
  private inflight = new Set<number>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private beatTimer: ReturnType<typeof setInterval> | null = null;
  private failures = 0;
  private pool: Pool | null = null;
  private online = true;
  private closed = false;
  /** Where the learner is (the last question answered), as the page's heartbeat says it. */
  private position: Entry['position'] | null = null;
  /** When the outbox was first empty after the last reconnect (ms, Date.now()); null while it is not yet. */
  emptiedAt: number | null = null;
  private reconnectedAt: number | null = null;
  /** Refusals the page drops or stops on (400/404/422, 409, 401/403): each one a lost or stuck answer. */
  refused = 0;

  constructor(
    private readonly origin: string,
    private readonly olympiad: string,
    private readonly olympiadId: number,
    private readonly token: string,
    private readonly connections: number,
    private readonly log: DeviceLog,
  ) {}

  /** Starts the page's heartbeat (its first beat at a moment of this device's own within the minute). */
  start(): void {
    this.beatTimer = setTimeout(() => {
      void this.beat();
      this.beatTimer = setInterval(() => void this.beat(), HEARTBEAT_MS);
    }, Math.random() * HEARTBEAT_MS);
  }

  /** The run is over: timers stop, connections close, and what was on them is not counted. */
  stop(): void {
    this.online = false;
    if (this.beatTimer) clearInterval(this.beatTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    void this.pool?.destroy();
    this.pool = null;
  }

  /** The learner gives an answer: into the outbox, then sent at once (sync.ts's record()). */
  give(q: DeviceQuestion, value: unknown): void {
    if (this.closed) return;
    const entry: Entry = {
      questionId: q.id,
      value,
      position: { moduleIndex: q.moduleIndex, questionIndex: q.questionIndex },
      seq: ++seqCounter,
      givenAt: new Date().toISOString(),
    };
    this.position = entry.position;
    this.pending.set(q.id, entry);
    this.given.set(q.id, canonical(value));
    this.send(q.id);
  }

  /** The network goes: open connections die with whatever was on them (the page sees network errors). */
  goOffline(): void {
    this.online = false;
    void this.pool?.destroy();
    this.pool = null;
  }

  /**
   * The 'online' event: failures forgotten, every pending answer sent, stale queries read again, at a moment of the
   * device's own within `spreadMs` (the spread the server gives with the paper, web/src/lib/offline/reconnect.ts;
   * 0: at once).
   */
  goOnline(spreadMs = 0): void {
    this.online = true;
    this.reconnectedAt = Date.now();
    this.emptiedAt = this.pending.size === 0 ? this.reconnectedAt : null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const flush = () => {
      this.failures = 0;
      for (const id of this.pending.keys()) this.send(id);
      void this.query('state', 'GET', `/api/sitting/${this.olympiad}/state`);
      void this.query('config', 'GET', '/api/system-config/public');
    };
    if (spreadMs > 0) this.retryTimer = setTimeout(() => ((this.retryTimer = null), flush()), Math.random() * spreadMs);
    else flush();
  }

  private transport(kind: string, method: string, path: string, body?: unknown): Promise<number> {
    if (!this.online) return Promise.resolve(0);
    this.pool ??= new Pool(this.origin, {
      connections: this.connections,
      pipelining: 1,
      // A browser's fetch has no timeout of its own; these only bound the run (a request this slow is a failure).
      connectTimeout: 60_000,
      headersTimeout: 120_000,
      bodyTimeout: 120_000,
    });
    const startedAt = Date.now();
    const t = performance.now();
    return this.pool
      .request({
        method,
        path,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      .then(
        async (res) => {
          await res.body.text();
          return res.statusCode;
        },
        () => 0,
      )
      .then((status) => {
        // Only what reached (or tried to reach) the server is logged; a request cut by going offline is not.
        if (this.online) this.log.answered(kind, status, startedAt, performance.now() - t);
        return this.online ? status : 0;
      });
  }

  /** A query read again on reconnect: TanStack Query retries it twice (1 s, then 2 s) unless a 4xx answered. */
  private async query(kind: string, method: string, path: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const status = await this.transport(kind, method, path);
      if (status === 200 || (status >= 400 && status < 500) || attempt >= 2 || !this.online) return;
      await sleep(1000 * 2 ** attempt);
    }
  }

  private async beat(): Promise<void> {
    const position = this.position;
    await this.transport('beat', 'POST', `/api/participant-tracker?olympiadId=${this.olympiadId}`, {
      ...(position ? { position } : {}),
    });
  }

  /** sync.ts's send(): one PUT for one question, never two of the same question at once. */
  private send(questionId: number): void {
    if (this.inflight.has(questionId) || this.closed) return;
    const entry = this.pending.get(questionId);
    if (!entry) return;
    this.inflight.add(questionId);
    void this.transport('save', 'PUT', `/api/sitting/${this.olympiad}/answers/${questionId}`, {
      value: entry.value,
      flagged: false,
      position: entry.position,
      givenAt: entry.givenAt,
    })
      .then((status) => {
        if (status === 200) {
          this.failures = 0;
          if (this.pending.get(questionId)?.seq === entry.seq) this.pending.delete(questionId);
          if (this.pending.size === 0 && this.reconnectedAt != null) this.emptiedAt ??= Date.now();
        } else this.failed(questionId, entry, status);
      })
      .finally(() => {
        this.inflight.delete(questionId);
        // A newer value arrived while this one was on its way.
        const newer = this.pending.get(questionId);
        if (newer && newer.seq !== entry.seq && !this.retryTimer) this.send(questionId);
      });
  }

  /** sync.ts's failed(): what the page does with each kind of refusal. */
  private failed(questionId: number, entry: Entry, status: number): void {
    if (status === 409) {
      this.refused++;
      this.closed = true;
      this.pending.clear();
      return;
    }
    if (status === 400 || status === 404 || status === 422) {
      this.refused++;
      if (this.pending.get(questionId)?.seq === entry.seq) this.pending.delete(questionId);
      return;
    }
    // 401 and 403 keep the outbox for later, with no retry until the next answer or reconnect.
    if (status === 401 || status === 403) {
      this.refused++;
      return;
    }
    this.failures += 1;
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(this.failures - 1, 5));
    const delay = base / 2 + Math.random() * (base / 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      for (const id of this.pending.keys()) this.send(id);
    }, delay);
  }
}

/** The learner's next answer: mostly the next question, sometimes one answered before changed. */
export function nextAnswer(
  questions: DeviceQuestion[],
  device: Device,
  n: number,
): { q: DeviceQuestion; value: unknown } {
  const answered = device.given.size;
  const q =
    answered < questions.length && (answered === 0 || Math.random() >= 0.25)
      ? questions[answered]!
      : questions[Math.floor(Math.random() * Math.min(answered, questions.length))]!;
  const pick = (i: number) => q.options[(n + i) % q.options.length];
  const value =
    q.type === 'single'
      ? { type: 'single', optionId: pick(0) }
      : q.type === 'multiple'
        ? { type: 'multiple', optionIds: [pick(0), pick(1)] }
        : q.type === 'true_false'
          ? { type: 'true_false', value: n % 2 === 0 }
          : q.type === 'numeric'
            ? { type: 'numeric', value: n }
            : { type: 'short_text', text: `answer ${n}` };
  return { q, value };
}

/**
 * The learner writing: an answer every `thinkMs` ±1/3 (20–40 s for 30 s), the first at a moment of its own within
 * the first gap, until `stopped()` says so.
 */
export async function write(
  device: Device,
  questions: DeviceQuestion[],
  thinkMs: number,
  seed: number,
  stopped: () => boolean,
): Promise<void> {
  await sleep(Math.random() * thinkMs);
  for (let n = seed; !stopped(); n++) {
    const { q, value } = nextAnswer(questions, device, n);
    device.give(q, value);
    await sleep(thinkMs * (2 / 3 + (Math.random() * 2) / 3));
  }
}

/** Resolves once every device's outbox is empty (true), or false after `timeoutMs`. */
export async function drained(devices: Device[], timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (devices.some((d) => d.pending.size > 0)) {
    if (Date.now() > end) return false;
    await sleep(200);
  }
  return true;
}

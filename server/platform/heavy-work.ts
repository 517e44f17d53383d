import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../http/errors.js';
import { pdfThreads } from './pdf-threads.js';

/**
 * Heavy downloads take turns (decision 065): sign-in slips, invoices and credit notes, certificates and the csv/xlsx
 * exports each hold one place of this process while they are prepared. A person holds at most `perUser` places at
 * once and the process at most `overall`; a download beyond either is refused at once with 429 and Retry-After,
 * never queued, so that one person's hundred clicks cost a hundred cheap refusals rather than a hundred PDFs drawn
 * while every other request waits. The places are counted in each server process on its own: what they protect is
 * that process's event loop (the PDFs themselves are drawn on worker threads, platform/pdf-threads.ts).
 *
 * `HEAVY_DOWNLOADS` sets `overall` (by default twice the PDF threads, at least 4: as many drawing as there are
 * threads and as many again waiting for one) and `HEAVY_DOWNLOADS_PER_USER` sets `perUser` (by default 2).
 */
export interface HeavyLimits {
  overall: number;
  perUser: number;
}

const whole = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value != null && value !== '' && Number.isInteger(n) && n > 0 ? Math.min(n, 1000) : fallback;
};

export const heavyLimits = (env: NodeJS.ProcessEnv = process.env): HeavyLimits => ({
  overall: whole(env.HEAVY_DOWNLOADS, Math.max(4, 2 * pdfThreads)),
  perUser: whole(env.HEAVY_DOWNLOADS_PER_USER, 2),
});

/** The places of one process: who holds how many, and how long a download has lately taken (for Retry-After). */
export class HeavyWorkGate {
  private running = 0;
  private readonly byUser = new Map<number, number>();
  /** A moving mean of the last downloads' times, in ms: a refused caller is told to come back after about one. */
  private meanMs = 1000;

  constructor(readonly limits: HeavyLimits) {}

  /** How many places are held now, in all and by `userId`. */
  held(userId?: number): number {
    return userId == null ? this.running : (this.byUser.get(userId) ?? 0);
  }

  /** Seconds a refused caller waits before trying again: about one download's time, 1 to 30 s. */
  retryAfterSeconds(): number {
    return Math.min(30, Math.max(1, Math.ceil(this.meanMs / 1000)));
  }

  /**
   * Takes a place for `userId`'s download, or throws the 429 (the one error shape, with Retry-After) when the
   * person or the process has none left. Answers the function that gives the place back (once; again is a no-op).
   */
  enter(userId: number): () => void {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser)
      throw rateLimited(
        `You have ${mine} download${mine === 1 ? '' : 's'} being prepared already: wait for ${mine === 1 ? 'it' : 'them'}, then try again`,
        this.retryAfterSeconds(),
      );
    if (this.running >= this.limits.overall)
      throw rateLimited(
        'Many downloads are being prepared right now: try again in a few seconds',
        this.retryAfterSeconds(),
      );
    this.running++;
    this.byUser.set(userId, mine + 1);
    const started = performance.now();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.running--;
      const n = (this.byUser.get(userId) ?? 1) - 1;
      if (n > 0) this.byUser.set(userId, n);
      else this.byUser.delete(userId);
      this.meanMs = 0.8 * this.meanMs + 0.2 * (performance.now() - started);
    };
  }

  /** Runs `work` in a place of `userId`'s (or refuses it with 429); the place is given back however it ends. */
  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const leave = this.enter(userId);
    try {
      return await work();
    } finally {
      leave();
    }
  }
}

const gates = new WeakMap<FastifyInstance, HeavyWorkGate>();

/** The gate of this server (one per app, so that each test's server counts its own places). */
export function heavyWorkOf(app: FastifyInstance): HeavyWorkGate {
  let gate = gates.get(app);
  if (!gate) gates.set(app, (gate = new HeavyWorkGate(heavyLimits())));
  return gate;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
}
export interface Timing {
  title: string;
  ms: number;
  code: number;
}
export type Browser = { ran: true } | { ran: false; why: string; chromiumMissing?: boolean };
export interface Paint {
  bold(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
}
export const chromiumInstallHint: string[];
export function summarize(input: {
  timings: Timing[];
  results: Record<string, Counts>;
  reason?: string | null;
  browser?: Browser;
  totalMs: number;
  outer?: boolean;
  paint?: Partial<Paint>;
}): {
  lines: string[];
  exit: number;
  summary: {
    passed: number;
    failed: number;
    skipped: number;
    ok: boolean;
    reason: string | null;
    browserTests: string;
    results: Record<string, Counts>;
  };
};

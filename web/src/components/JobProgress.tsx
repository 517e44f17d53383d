import { Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { jobActive, type JobStatus } from '#contract/jobs';
import { figure, share } from '#contract/numbers';
import { apiEffects } from '../lib/api/index.js';
import { formatDate } from '../lib/dates.js';
import { translate } from '../lib/i18n/index.js';

/**
 * A background job as any feature's status call answers it (decision 021): where it is, how far (`done` of
 * `total`, in a `phase`), and what came of it.
 */
export interface JobView {
  id: number;
  status: JobStatus;
  done: number;
  total: number;
  phase?: string | null;
  /** What it did, once done (the job's result: "312 certificates generated for 12 schools"). */
  message?: string | null;
  /** Why it failed. */
  error?: string | null;
  finishedAt?: string | null;
}

/** A phase's name, or its name and the noun of what it counts (`counted: false`: a step that counts nothing). */
export type Phase = string | { label: string; of?: string; counted?: boolean };

export interface JobProgressProps {
  /** The job: undefined while it is being read, null when there is none yet. */
  job: JobView | null | undefined;
  /** The bar's name for a screen reader ("Generation progress"). */
  label: string;
  /**
   * What each phase is called, and what it counts when that is not plain: `pdf: { label: 'Printing each school’s
   * PDF', of: 'certificates' }` reads "Printing each school’s PDF: 120 of 312 certificates".
   */
  phases?: Readonly<Record<string, Phase>>;
  /** What a running job in no named phase is doing (default "Working"), for a job that names no phases. */
  working?: Phase;
  /** What a queued job says (default "Waiting to start…"). */
  waiting?: string;
  /** What the end says when the job has no sentence of its own (default "Done"). */
  doneText?: string;
  /** The heading of the failure's notification ("The certificates could not be generated"). */
  failedTitle?: string;
  /** Whether the outcome stays below the bar once the job has ended (default true). */
  outcome?: boolean;
  /**
   * Whether its end raises a notification (default true: the page that started the job). A list of many jobs
   * shows each one's end in place instead.
   */
  notify?: boolean;
}

/** The job's end, told once: a green notification with what it did, or a red one with why it failed. */
function useJobEndNotice(
  job: JobView | null | undefined,
  doneText: string,
  failedTitle: string | undefined,
  notify: boolean,
) {
  const latest = useRef(job);
  const seen = useRef<Pick<JobView, 'id' | 'status'> | null | undefined>(undefined);
  const key = job === undefined ? 'unknown' : job === null ? 'none' : `${job.id}:${job.status}`;
  useEffect(() => {
    latest.current = job;
  });
  useEffect(() => {
    const now = latest.current;
    if (now === undefined) return;
    const before = seen.current;
    seen.current = now && { id: now.id, status: now.status };
    // The first look is no news: a job that ended before the page opened is shown, not announced.
    if (!now || before === undefined || (now.status !== 'done' && now.status !== 'failed')) return;
    // It ended while the page looked: the same job was under way, or a new one came and went between two looks.
    if ((before && before.id === now.id && !jobActive(before)) || !notify) return;
    if (now.status === 'done') apiEffects().notify('success', now.message || doneText);
    else apiEffects().notify('error', now.error || translate('portal.job.failedOnServer'), failedTitle);
  }, [key, doneText, failedTitle, notify]);
}

const words = (job: JobView, phases: Readonly<Record<string, Phase>>, working: Phase, waiting: string) => {
  if (job.status === 'held' || job.status === 'queued') return waiting;
  const phase = (job.phase && phases[job.phase]) || working;
  const { label, of, counted = true } = typeof phase === 'string' ? { label: phase } : phase;
  if (!(job.total > 0 && counted)) return translate('portal.job.running', { label });
  const values = { label, done: figure(job.done), total: figure(job.total), of };
  return of ? translate('portal.job.countOf', values) : translate('portal.job.count', values);
};

/**
 * The one progress display of a long job, on the page that started it: a bar with "n of m" and the phase while it
 * runs, then what it did or why it failed; and, when it ends while the page is open, one notification saying so
 * (the write that started it only said "Started": lib/api/meta.ts `started`).
 */
export function JobProgress({
  job,
  label,
  phases = {},
  working = translate('portal.job.working'),
  waiting = translate('portal.job.waiting'),
  doneText = translate('portal.job.done'),
  failedTitle,
  outcome = true,
  notify = true,
}: JobProgressProps) {
  useJobEndNotice(job, doneText, failedTitle, notify);
  if (!job) return null;
  const active = jobActive(job);
  if (!active && job.status !== 'held' && !outcome) return null;
  const failed = job.status === 'failed';
  const value = active || job.status === 'held' ? (job.total > 0 ? share(job.done, job.total) : 0) : 100;
  const text = failed
    ? translate('portal.job.failed', { error: job.error || translate('portal.job.failedOnServerLower') })
    : job.status === 'done'
      ? job.finishedAt
        ? translate('portal.job.doneAt', { text: job.message || doneText, time: formatDate(job.finishedAt) })
        : job.message || doneText
      : words(job, phases, working, waiting);
  return (
    <Stack gap={4} data-testid="job-progress" data-status={job.status}>
      <Progress
        value={value}
        size="lg"
        striped={active}
        animated={active}
        color={failed ? 'red' : active ? 'blue' : 'teal'}
        aria-label={label}
      />
      <Text size="sm" c={failed ? 'red.8' : 'dimmed'} aria-live="polite">
        {text}
      </Text>
    </Stack>
  );
}

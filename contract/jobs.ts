import { z } from 'zod';
import { pageOf, PageQuery } from './errors.js';
import { IdText } from './ids.js';

/**
 * Background jobs as people see them (decision 021): certificate generation and mail, moderation flags, issuing
 * every invoice, learner imports. Each runs `held` (checked, waiting to be started) → `queued` → `running` →
 * `done` | `failed`, with progress (`done` of `total`, a `phase`), and says what it did when it ends.
 */
export const jobStatuses = ['held', 'queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** The kinds of job an olympiad's admins see, and what each is called. */
export const jobKindNames = {
  'certificates.generate': 'Certificate generation',
  'certificates.send': 'Certificate mail',
  'moderation.compute': 'Moderation flags',
  'invoices.issue-all': 'Issuing every invoice',
  'learners.import': 'Learner import',
} as const;
export const jobKinds = Object.keys(jobKindNames) as Array<keyof typeof jobKindNames>;
export type JobKind = keyof typeof jobKindNames;

/** Whether a job is still to finish (queued or running); a held one waits for a person, not for the server. */
export const jobActive = (job: { status: JobStatus } | null | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/** One job of an olympiad, with its progress and what came of it. */
export const JobSummary = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** What the kind is called ("Learner import"); the kind itself for one the list does not name. */
  kindName: z.string(),
  /** What it works on, e.g. the uploaded file's name or "Certificates of Geography Olympiad 2026". */
  label: z.string(),
  status: z.enum(jobStatuses),
  phase: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  /** What it did, once done ("312 certificates generated for 12 schools"). */
  message: z.string().nullable(),
  /** Why it failed. */
  error: z.string().nullable(),
  /** Who started it; null when the platform did (the moderation after the window closed). */
  startedBy: z.string().nullable(),
  /** The school it works for (a learner import), else null. */
  schoolName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobSummary = z.infer<typeof JobSummary>;

const blankAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /olympiad/jobs/{olympiadId}: the olympiad's jobs, newest first; by state or kind; searched by what they work on. */
export const JobListParams = z.strictObject({ olympiadId: IdText });
export const JobListQuery = PageQuery.extend({
  status: z.preprocess(blankAsUndefined, z.enum(jobStatuses).optional()),
  kind: z.preprocess(blankAsUndefined, z.enum(jobKinds as [JobKind, ...JobKind[]]).optional()),
  sort: z.enum(['createdAt', 'kind', 'status', 'finishedAt']).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
}).strict();
export type JobListQuery = z.input<typeof JobListQuery>;

export const JobList = pageOf(JobSummary);
export type JobList = z.infer<typeof JobList>;

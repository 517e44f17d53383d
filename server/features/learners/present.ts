import { type ImportJob, ImportOutcome, importPhases } from '../../../contract/learners.js';
import type { JobRow } from '../../platform/jobs.js';

const phases: readonly string[] = importPhases;

/** A learner import as its page polls it: progress and the outcome, never the rows it carries. */
export function presentImportJob(job: JobRow): ImportJob {
  const outcome = ImportOutcome.safeParse(job.result ?? {});
  return {
    id: job.id,
    status: job.status,
    phase: job.phase && phases.includes(job.phase) ? (job.phase as ImportJob['phase']) : null,
    done: job.done,
    total: job.total,
    fileName: job.label,
    created: outcome.success ? outcome.data.created : null,
    message: job.status === 'failed' ? job.error : outcome.success ? outcome.data.message : null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

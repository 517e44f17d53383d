import { jobKindNames, type JobSummary } from '#contract/jobs';
import { iso, isoOrNull } from '../../platform/dates.js';
import { jobMessage } from '../../platform/jobs.js';
import type { JobListRow } from './queries.js';

/** A job of the list: its progress and what came of it; never its payload. */
export const presentJob = (j: JobListRow): JobSummary => ({
  id: j.id,
  kind: j.kind,
  kindName: (jobKindNames as Record<string, string>)[j.kind] ?? j.kind,
  label: j.label,
  status: j.status,
  phase: j.phase,
  done: j.done,
  total: j.total,
  message: jobMessage(j),
  error: j.status === 'failed' ? j.error : null,
  startedBy: j.startedBy,
  schoolName: j.schoolName,
  createdAt: iso(j.createdAt),
  startedAt: isoOrNull(j.startedAt),
  finishedAt: isoOrNull(j.finishedAt),
});

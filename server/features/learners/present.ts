import { type ImportJob, ImportOutcome, importPhases, type Learner } from '#contract/learners';
import type { Actor } from '../../http/actor.js';
import type { JobRow } from '../../platform/jobs.js';
import { openSlipPassword } from './credentials.js';
import { learnersPolicy } from './policy.js';
import type { LearnerListRow } from './queries.js';

/** A learner as their teacher and admins see them, with what the caller may do (`secret` opens the slip password). */
export function presentLearner(actor: Actor, secret: string, l: LearnerListRow): Learner {
  const manage = learnersPolicy.can(actor, 'manage', l);
  return {
    id: l.id,
    username: l.username,
    firstName: l.firstName,
    lastName: l.lastName,
    grade: l.grade,
    dateOfBirth: l.dateOfBirth,
    schoolId: l.schoolId,
    schoolName: l.schoolName,
    olympiadId: l.olympiadId,
    hasSlipPassword: openSlipPassword(secret, l.initialPasswordEnc, l.passwordHash) != null,
    consentRecorded: l.consentRecorded,
    can: { update: manage, delete: manage, setPassword: learnersPolicy.can(actor, 'setPassword', l) },
  };
}

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

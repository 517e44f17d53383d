import { definePolicy } from '../../http/policy.js';

/** An olympiad whose background jobs are read. */
export interface JobsRecord {
  olympiadId: number;
}

const capabilities = {
  /** Every job of the olympiad with its state and progress: the olympiad's admins and the overlord. */
  list: ['overlord', 'admin'],
} as const;

/**
 * Background jobs (decision 021): an olympiad's admins (the overlord every olympiad's) see the olympiad's jobs,
 * whoever started them (a teacher's learner import, the moderation the platform started). Each job stays visible
 * on the page that started it through that feature's own call and policy.
 */
export const jobsPolicy = definePolicy({
  capabilities,
  rule: (_actor, _action, record: JobsRecord, holds) => holds.olympiad(record.olympiadId),
});

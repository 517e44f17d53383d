import { definePolicy } from '../../http/policy.js';

/** An olympiad's public-results settings, as the policy reads them. */
export interface WinnersRecord {
  olympiadId: number;
}

const capabilities = {
  /** How the olympiad's winners appear on the public past-winners page: its admins (and the overlord). */
  configure: ['overlord', 'admin'],
} as const;

/**
 * The public site's one setting that is not copy: an olympiad's admins choose how its published winners are
 * named in public (full name, initial and surname, or the school only). Everything else here is public reads.
 */
export const winnersPolicy = definePolicy({
  capabilities,
  rule: (_actor, _action, record: WinnersRecord, holds) => holds.olympiad(record.olympiadId),
});

import { definePolicy } from '../../http/policy.js';

/**
 * Search, the activity log, the app log and learner login activity (decision 037): the overlord's alone
 * (docs/spec.md §2, "Overlord (overlord only)"). They read across every olympiad, so no grant holds them.
 */
const capabilities = {
  search: ['overlord'],
  activityLog: ['overlord'],
  appLog: ['overlord'],
  loginActivity: ['overlord'],
} as const;

export type LogsAction = keyof typeof capabilities;

export const logsPolicy = definePolicy({
  capabilities,
  // Every action reads site-wide records: holding the role (the overlord, acting as nobody else) is enough.
  rule: (actor) => actor.role === 'overlord' && actor.impersonatorId == null,
});

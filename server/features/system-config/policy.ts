import { definePolicy } from '../../http/policy.js';

const capabilities = {
  /** The runtime settings and the environment's settings. */
  read: ['overlord'],
  update: ['overlord'],
  /** The maintenance banner and the support address, on every page. */
  readPublic: 'public',
} as const;

/** System config (docs/spec.md §2 /overlord/system-config): the overlord's alone; every page reads the banner. */
export const systemConfigPolicy = definePolicy({ capabilities, rule: () => true });

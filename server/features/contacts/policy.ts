import { definePolicy } from '../../http/policy.js';

/** A useful contact, or the olympiad one would be added to. */
export interface ContactRecord {
  olympiadId: number;
}

const capabilities = {
  /** Useful contacts (interested and affected parties): admin and funding (docs/spec.md §2, §6), and the overlord. */
  read: ['overlord', 'admin', 'funding'],
  edit: ['overlord', 'admin', 'funding'],
} as const;

/** Useful contacts are read and kept by their olympiad's admins and funding staff (and the overlord). */
export const contactsPolicy = definePolicy({
  capabilities,
  rule: (_actor, _action, contact: ContactRecord, holds) => holds.olympiad(contact.olympiadId),
});

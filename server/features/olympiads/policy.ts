import { adminSettingsKeys } from '#contract/olympiads';
import type { Actor } from '../../http/actor.js';
import { definePolicy } from '../../http/policy.js';

/** An olympiad as its policy reads it. */
export interface OlympiadRef {
  id: number;
}

/**
 * Who holds each olympiad action (the only place these role lists are written). Grant roles hold only the
 * olympiads they were granted; the overlord holds every olympiad.
 */
const capabilities = {
  /** See it (lists, one olympiad) and its grants' staff see their own. */
  see: ['overlord', 'admin', 'accountant', 'funding'],
  create: ['overlord'],
  /** Edit its settings (window, duration, instructions, …): an admin of it, or the overlord. */
  edit: ['overlord', 'admin'],
  /** Edit everything else (project, name, title, year, kind, fee): the overlord only. */
  editAll: ['overlord'],
  delete: ['overlord'],
  open: ['overlord', 'admin'],
  pin: ['overlord', 'admin'],
  /** See what blocks opening it. */
  verify: ['overlord', 'admin'],
  /** Grant and revoke its admin, accountant and funding roles. */
  grant: ['overlord'],
} as const;

/**
 * Olympiads (docs/spec.md §3): the overlord creates, edits and deletes every olympiad and grants its roles;
 * an olympiad's admins edit its settings, open, pin and verify it; its accountants and funding staff see it.
 */
export const olympiadsPolicy = definePolicy({
  capabilities,
  rule: (_actor, action, olympiad: OlympiadRef, holds) => action === 'create' || holds.olympiad(olympiad.id),
});

/** The `can` flags every olympiad the web shows carries. */
export const olympiadFlags = ['edit', 'editAll', 'open', 'pin', 'grant'] as const;

/**
 * The fields of an update the actor may not change: none for whoever edits everything (the overlord);
 * for an olympiad's admin, every field but its settings (`adminSettingsKeys`).
 */
export function refusedFields(actor: Actor, olympiad: OlympiadRef, fields: readonly string[]): string[] {
  if (olympiadsPolicy.can(actor, 'editAll', olympiad)) return [];
  return fields.filter((key) => !(adminSettingsKeys as readonly string[]).includes(key));
}

/** Projects and sub-projects: the overlord's alone. */
export const projectsPolicy = definePolicy({
  capabilities: { manage: ['overlord'] },
  rule: () => true,
});

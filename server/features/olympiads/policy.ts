import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad } from '../../http/actor.js';

/** Who may call each olympiad operation at all (route access, plain data); record rules below. */
export const olympiadsAccess = {
  manageProjects: ['overlord'],
  listOlympiads: ['overlord', 'admin', 'accountant', 'funding'],
  createOlympiad: ['overlord'],
  editOlympiad: ['overlord', 'admin'],
  deleteOlympiad: ['overlord'],
  openOlympiad: ['overlord', 'admin'],
  pinOlympiad: ['overlord', 'admin'],
  verify: ['overlord', 'admin'],
  manageGrants: ['overlord'],
} as const satisfies Record<string, readonly Role[]>;

export type OlympiadAction = 'see' | 'edit' | 'editAll' | 'open' | 'pin' | 'grant' | 'delete' | 'verify';

/** Capabilities as data: which grant roles of an olympiad may do what (the overlord may do everything). */
const grantCapabilities: Record<OlympiadAction, ReadonlyArray<'admin' | 'accountant' | 'funding'>> = {
  see: ['admin', 'accountant', 'funding'],
  edit: ['admin'],
  open: ['admin'],
  pin: ['admin'],
  verify: ['admin'],
  editAll: [],
  grant: [],
  delete: [],
};

export const olympiadsPolicy = {
  can(actor: Actor, action: OlympiadAction, olympiad: { id: number }): boolean {
    if (actor.role === 'overlord') return true;
    return holdsOlympiad(actor, olympiad.id, grantCapabilities[action]);
  },
  /** Olympiad ids the actor may see in lists; null = all. */
  visibleIds(actor: Actor): number[] | null {
    if (actor.role === 'overlord') return null;
    return [...new Set(actor.grants.map((g) => g.olympiadId))];
  },
  abilities(actor: Actor, olympiad: { id: number }) {
    return {
      edit: this.can(actor, 'edit', olympiad),
      editAll: this.can(actor, 'editAll', olympiad),
      open: this.can(actor, 'open', olympiad),
      pin: this.can(actor, 'pin', olympiad),
      grant: this.can(actor, 'grant', olympiad),
    };
  },
};

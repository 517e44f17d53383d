import type { Actor } from '../../http/actor.js';
import { definePolicy, passes } from '../../http/policy.js';
import { reachFor } from '../../http/reach.js';

/** The roles that see countries and the countries entered in their olympiads (docs/spec.md §6). */
const staff = ['overlord', 'admin', 'accountant', 'funding'] as const;

export interface CountryRecord {
  id: number;
}

/**
 * Countries (docs/spec.md §6, /{o}/admin/edit/countries): one list of ISO 3166 codes, names and time zones
 * that every country olympiad draws on. Staff read it; only the overlord keeps it (decision 069). A country
 * belongs to no olympiad: its name is its team's name and its zone is the one every olympiad shows its team, so
 * an olympiad's admin who changed it would change every other olympiad's team. What is an olympiad's own (its
 * entry of the country, the team's leaders, its team members) is kept through `countryParticipantsPolicy`. A
 * country an olympiad uses cannot be removed: the route's 409.
 */
export const countriesPolicy = definePolicy({
  capabilities: {
    list: staff,
    see: staff,
    create: ['overlord'],
    update: ['overlord'],
    delete: ['overlord'],
  },
  rule: () => true,
});

/** May the actor add countries? For the list's flag. */
export const mayAddCountries = (actor: Actor) => passes(countriesPolicy.access.create, actor);

/** A country's entry in an olympiad; `schoolId` is the country's team (decision 039). */
export interface CountryParticipantRecord {
  olympiadId: number;
  schoolId: number | null;
}

/**
 * Country participants (/{o}/admin/edit/participating-countries, the portal's Team): staff see their olympiads'
 * countries; the olympiad's admins (and the overlord) enter, change and remove them; a team admin (a teacher of
 * the country's team) sees and manages their own country's team only, as a teacher their own school.
 */
export const countryParticipantsPolicy = definePolicy({
  capabilities: {
    list: [...staff, 'teacher'],
    see: [...staff, 'teacher'],
    enter: ['overlord', 'admin'],
    update: ['overlord', 'admin', 'teacher'],
    delete: ['overlord', 'admin'],
    /** The portal's Team page: the team admin's own country. */
    team: ['teacher'],
  },
  rule(_actor, action, p: CountryParticipantRecord, holds) {
    switch (action) {
      case 'list':
        return true;
      case 'see':
      case 'update':
        return holds.olympiadOrSchool(p);
      case 'enter':
      case 'delete':
        return holds.olympiad(p.olympiadId);
      case 'team':
        return holds.school(p.schoolId, p.olympiadId);
    }
  },
});

/** May the actor enter countries in this olympiad (any of theirs, when none is named)? For the list's flag. */
export const mayEnterCountries = (actor: Actor, olympiadId?: number | null): boolean =>
  passes(countryParticipantsPolicy.access.enter, actor) &&
  reachFor(actor, countryParticipantsPolicy.access.enter, olympiadId) != null;

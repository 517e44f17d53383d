import type { Actor } from '../../http/actor.js';
import { olympiadNotFound } from '../../http/errors.js';
import { defineLoader } from '../../http/load.js';
import { reachFor, type Reach } from '../../http/reach.js';
import { countriesPolicy, countryParticipantsPolicy } from './policy.js';
import * as queries from './queries.js';

/** One country. */
export const countryLoader = defineLoader({
  what: 'This country',
  policy: countriesPolicy,
  find: (q, id: number) => queries.findCountry(q, id),
});

/** One country's entry, scoped to the actor (another olympiad's or another team's answers 404). */
export const countryParticipantLoader = defineLoader({
  what: 'This participating country',
  policy: countryParticipantsPolicy,
  find: (q, id: number) => queries.findCountryParticipant(q, id),
});

/** A team admin's own country in an olympiad (404 when their team is not entered in it). */
export const teamLoader = defineLoader({
  what: 'Your country’s team',
  policy: countryParticipantsPolicy,
  find: async (q, key: { olympiadId: number; schoolId: number | null }) =>
    key.schoolId == null ? null : queries.findCountryParticipantOf(q, key.olympiadId, key.schoolId),
});

/**
 * The entries a list shows: staff those of their olympiads, a team admin their own team's (in any olympiad of
 * their session, or the one named; 404 outside).
 */
export function countryParticipantsReach(actor: Actor, olympiadId?: number): Reach {
  const r = reachFor(actor, countryParticipantsPolicy.access.list, olympiadId);
  if (r) return r;
  if (olympiadId == null) return { olympiads: [], schoolId: null };
  throw olympiadNotFound();
}

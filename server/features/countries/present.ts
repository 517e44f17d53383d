import type { Country, CountryParticipant } from '#contract/countries';
import type { Actor } from '../../http/actor.js';
import { iso } from '../../platform/dates.js';
import { countriesPolicy, countryParticipantsPolicy } from './policy.js';
import type { CountryParticipantRow, CountryRow } from './queries.js';

export const presentCountry = (actor: Actor, c: CountryRow): Country => ({
  id: c.id,
  code: c.code,
  name: c.name,
  timeZone: c.timeZone,
  entries: c.entries,
  can: countriesPolicy.flags(actor, c, ['update', 'delete']),
});

export const presentCountryParticipant = (actor: Actor, p: CountryParticipantRow): CountryParticipant => ({
  id: p.id,
  olympiadId: p.olympiadId,
  olympiadName: p.olympiadName,
  olympiadTitle: p.olympiadTitle,
  countryId: p.countryId,
  countryCode: p.countryCode,
  countryName: p.countryName,
  timeZone: p.timeZone,
  teamId: p.schoolId,
  schoolParticipantId: p.schoolParticipantId,
  status: p.status,
  learnerCount: p.learnerCount,
  teamSize: p.teamSize,
  leaders: p.leaders.map((l) => ({ name: l.name, email: l.email ?? null })),
  teamAdmins: p.teamAdmins,
  createdAt: iso(p.createdAt),
  can: countryParticipantsPolicy.flags(actor, p, ['update', 'delete', 'team']),
});

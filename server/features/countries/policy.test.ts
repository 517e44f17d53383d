import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { countriesPolicy, countryParticipantsPolicy, mayAddCountries, mayEnterCountries } from './policy.js';

/**
 * Olympiad 1 is the admin's; olympiad 2 is someone else's. School 10 is the team of the country the team admin
 * (a teacher) leads; school 20 another country's team.
 */
const overlord = actorOf('overlord');
const admin = actorOf('admin');
const accountant = actorOf('accountant');
const funding = actorOf('funding');
const teamAdmin = actorOf('teacher', { schoolId: 10 });
const learner = actorOf('learner', { schoolId: 10, olympiadId: 1 });
/** An admin of olympiad 1 acting as the team admin: only olympiad 1 is within reach. */
const actingTeamAdmin = actorOf('teacher', { schoolId: 10, impersonatorId: 99, olympiadScope: [1] });

const ownTeam = { olympiadId: 1, schoolId: 10 };
const otherTeam = { olympiadId: 1, schoolId: 20 };
const otherOlympiad = { olympiadId: 2, schoolId: 20 };

describe('countriesPolicy', () => {
  it('names who holds each action as data: staff read, the overlord alone keeps the list', () => {
    const staff = ['overlord', 'admin', 'accountant', 'funding'];
    expect(countriesPolicy.capabilities).toEqual({
      list: staff,
      see: staff,
      create: ['overlord'],
      update: ['overlord'],
      delete: ['overlord'],
    });
  });

  it('the overlord keeps countries; other staff read them; teachers and learners do neither', () => {
    const country = { id: 5 };
    expect(countriesPolicy.flags(overlord, country, ['see', 'create', 'update', 'delete'])).toEqual({
      see: true,
      create: true,
      update: true,
      delete: true,
    });
    for (const who of [admin, accountant, funding]) {
      expect(countriesPolicy.can(who, 'see', country)).toBe(true);
      for (const action of ['create', 'update', 'delete'] as const)
        expect(countriesPolicy.can(who, action, country)).toBe(false);
    }
    for (const who of [teamAdmin, learner]) expect(countriesPolicy.can(who, 'list', country)).toBe(false);
    expect(mayAddCountries(overlord)).toBe(true);
    expect(mayAddCountries(admin)).toBe(false);
  });
});

describe('countryParticipantsPolicy', () => {
  it('names who holds each action as data', () => {
    expect(countryParticipantsPolicy.capabilities).toEqual({
      list: ['overlord', 'admin', 'accountant', 'funding', 'teacher'],
      see: ['overlord', 'admin', 'accountant', 'funding', 'teacher'],
      enter: ['overlord', 'admin'],
      update: ['overlord', 'admin', 'teacher'],
      delete: ['overlord', 'admin'],
      team: ['teacher'],
    });
  });

  it('an olympiad’s admins enter, change and remove its countries, not another olympiad’s; the overlord every one', () => {
    for (const action of ['see', 'enter', 'update', 'delete'] as const) {
      expect(countryParticipantsPolicy.can(admin, action, otherTeam)).toBe(true);
      expect(countryParticipantsPolicy.can(admin, action, otherOlympiad)).toBe(false);
      expect(countryParticipantsPolicy.can(overlord, action, otherOlympiad)).toBe(true);
    }
    expect(countryParticipantsPolicy.can(admin, 'team', ownTeam)).toBe(false);
  });

  it('an accountant or funder sees their olympiad’s countries but changes nothing', () => {
    for (const who of [accountant, funding]) {
      expect(countryParticipantsPolicy.can(who, 'see', ownTeam)).toBe(true);
      expect(countryParticipantsPolicy.can(who, 'see', otherOlympiad)).toBe(false);
      for (const action of ['enter', 'update', 'delete', 'team'] as const)
        expect(countryParticipantsPolicy.can(who, action, ownTeam)).toBe(false);
    }
  });

  it('a team admin sees and changes their own country’s team only, and never enters or removes one', () => {
    expect(countryParticipantsPolicy.flags(teamAdmin, ownTeam, ['see', 'update', 'team', 'enter', 'delete'])).toEqual({
      see: true,
      update: true,
      team: true,
      enter: false,
      delete: false,
    });
    for (const action of ['see', 'update', 'team'] as const)
      expect(countryParticipantsPolicy.can(teamAdmin, action, otherTeam)).toBe(false);
    expect(countryParticipantsPolicy.can(teamAdmin, 'team', { olympiadId: 1, schoolId: null })).toBe(false);
  });

  it('someone acting as the team admin is held to their scope', () => {
    expect(countryParticipantsPolicy.can(actingTeamAdmin, 'team', ownTeam)).toBe(true);
    expect(countryParticipantsPolicy.can(actingTeamAdmin, 'team', { olympiadId: 2, schoolId: 10 })).toBe(false);
    expect(countryParticipantsPolicy.can(actingTeamAdmin, 'update', { olympiadId: 2, schoolId: 10 })).toBe(false);
  });

  it('a learner holds nothing', () => {
    for (const action of ['list', 'see', 'enter', 'update', 'delete', 'team'] as const)
      expect(countryParticipantsPolicy.can(learner, action, ownTeam)).toBe(false);
  });

  it('who may enter countries: the overlord anywhere, an admin in their own olympiads, within the session’s scope', () => {
    expect(mayEnterCountries(overlord)).toBe(true);
    expect(mayEnterCountries(overlord, 2)).toBe(true);
    expect(mayEnterCountries(admin, 1)).toBe(true);
    expect(mayEnterCountries(admin, 2)).toBe(false);
    expect(mayEnterCountries(accountant, 1)).toBe(false);
    expect(mayEnterCountries(teamAdmin, 1)).toBe(false);
    const scoped = actorOf('overlord', { impersonatorId: 2, olympiadScope: [1] });
    expect(mayEnterCountries(scoped, 1)).toBe(true);
    expect(mayEnterCountries(scoped, 2)).toBe(false);
  });
});

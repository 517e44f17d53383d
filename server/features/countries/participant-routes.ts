import type { FastifyInstance } from 'fastify';
import { Ok } from '#contract/errors';
import { IdParams } from '#contract/ids';
import {
  CountryParticipantBody,
  CountryParticipantListQuery,
  CountryParticipantPage,
  CountryParticipantSingleQuery,
  EnterCountryBody,
  UpdateCountryParticipantBody,
} from '#contract/countries';
import { conflict, notFound, olympiadNotFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { enterSchool } from '../../platform/entries.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { pageResult } from '../../platform/paging.js';
import { createTeacherAccount, mailTeacherLink } from '../../platform/teacher-accounts.js';
import { countryParticipantLoader, countryParticipantsReach, teamLoader } from './load.js';
import { countryParticipantsPolicy, mayEnterCountries } from './policy.js';
import { presentCountryParticipant } from './present.js';
import * as queries from './queries.js';

const tags = ['countries'];
const { access } = countryParticipantsPolicy;

/**
 * Participating countries (docs/spec.md §6, /{o}/admin/edit/participating-countries; `igeo-country-participant`)
 * and the portal's Team (/portal/{o}/team). A country's entry is its team's school entry plus this row
 * (decision 039), so learners, slips, orders, invoices and results work for it as for a school.
 */
export async function participantRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/igeo-country-participant/v-rest/',
    tags,
    access: access.list,
    summary: 'Countries entered in an olympiad, with their teams’ size, admins and leaders (a team admin: their own)',
    query: CountryParticipantListQuery,
    response: CountryParticipantPage,
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listCountryParticipants(
        db,
        countryParticipantsReach(actor, query.olympiadId),
        query,
      );
      return {
        ...pageResult(
          items.map((p) => presentCountryParticipant(actor, p)),
          total,
          query,
        ),
        can: { enter: mayEnterCountries(actor, query.olympiadId) },
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/igeo-country-participant/v-rest/single',
    tags,
    access: access.team,
    summary: 'A team admin’s own country in an olympiad (the portal’s Team page)',
    query: CountryParticipantSingleQuery,
    response: CountryParticipantBody,
    load: ({ db, actor, query }) =>
      teamLoader.load(db, actor, { olympiadId: query.olympiadId, schoolId: actor.schoolId }, 'team'),
    handler: async ({ actor, record }) => ({
      success: true as const,
      participant: presentCountryParticipant(actor, record),
    }),
  });

  route(app, {
    method: 'GET',
    url: '/igeo-country-participant/v-rest/:id',
    tags,
    access: access.see,
    summary: 'One participating country',
    params: IdParams,
    response: CountryParticipantBody,
    load: ({ db, actor, params }) => countryParticipantLoader.load(db, actor, params.id, 'see'),
    handler: async ({ actor, record }) => ({
      success: true as const,
      participant: presentCountryParticipant(actor, record),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/igeo-country-participant/v-rest/',
    tags,
    access: access.enter,
    summary:
      'Enter a country in a country olympiad (admin), optionally with its team admin, who is mailed a link to choose a password',
    body: EnterCountryBody,
    response: CountryParticipantBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const olympiad = await findOlympiad(db, body.olympiadId);
      if (!olympiad || !countryParticipantsPolicy.can(actor, 'enter', { olympiadId: olympiad.id, schoolId: null }))
        throw olympiadNotFound();
      if (olympiad.kind !== 'country')
        throw conflict(`${olympiad.title} is entered by schools, not countries: enter schools on its schools pages`);
      const country = await queries.findCountry(db, body.countryId);
      if (!country) throw notFound('This country');
      if (await queries.findCountryEntry(db, olympiad.id, country.id))
        throw conflict(`${country.name} is entered in ${olympiad.title} already`);
      const team = await queries.teamOf(db, country);
      const { row: entry } = await enterSchool(db, olympiad.id, team.id, actor.impersonatorId ?? actor.userId);
      const id = await queries.insertCountryParticipant(db, {
        olympiadId: olympiad.id,
        countryId: country.id,
        schoolParticipantId: entry.id,
      });
      await audit('country-participant.enter', {
        entityId: id,
        olympiadId: olympiad.id,
        data: { countryId: country.id, teamId: team.id },
      });
      let invited = '';
      if (body.teamAdmin) {
        const existing = await queries.teacherByEmail(db, body.teamAdmin.email);
        if (existing && existing.schoolId !== team.id)
          throw conflict('A teacher with this email address exists already', [
            { path: 'body.teamAdmin.email', message: 'This address belongs to another school’s or team’s account' },
          ]);
        if (!existing) {
          const admin = await createTeacherAccount(db, { ...body.teamAdmin, schoolId: team.id, phone: null });
          await audit('teacher.create', { entityId: admin.id, olympiadId: olympiad.id, data: { schoolId: team.id } });
          await mailTeacherLink(app, db, admin, 'verify_email', {
            schoolName: team.name,
            olympiadTitle: olympiad.title,
            olympiadId: olympiad.id,
          });
          invited = `; a link to choose a password is on its way to ${admin.email}`;
        }
      }
      return {
        success: true as const,
        message: `${country.name} is entered in ${olympiad.title}${invited}`,
        participant: presentCountryParticipant(actor, (await queries.findCountryParticipant(db, id))!),
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/igeo-country-participant/v-rest/:id',
    tags,
    access: access.update,
    summary: 'Set a team’s leaders (the olympiad’s admin, or the country’s team admin)',
    params: IdParams,
    body: UpdateCountryParticipantBody,
    response: CountryParticipantBody,
    transaction: true,
    load: ({ db, actor, params }) => countryParticipantLoader.load(db, actor, params.id, 'update'),
    handler: async ({ db, actor, body, record, audit }) => {
      await queries.setLeaders(db, record.id, body.leaders);
      await audit('country-participant.update', {
        entityId: record.id,
        olympiadId: record.olympiadId,
        data: { leaders: body.leaders.length },
      });
      return {
        success: true as const,
        message: 'The team’s leaders are saved',
        participant: presentCountryParticipant(actor, (await queries.findCountryParticipant(db, record.id))!),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/igeo-country-participant/v-rest/:id',
    tags,
    access: access.delete,
    summary: 'Take a country out of an olympiad (admin; only while its team has no learners)',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => countryParticipantLoader.load(db, actor, params.id, 'delete'),
    handler: async ({ db, record, audit }) => {
      if (record.learnerCount > 0)
        throw conflict(
          `${record.countryName}’s team has ${record.learnerCount} learners in this olympiad: remove them first`,
        );
      await queries.deleteCountryParticipant(db, record.schoolParticipantId);
      await audit('country-participant.delete', {
        entityId: record.id,
        olympiadId: record.olympiadId,
        data: { countryId: record.countryId },
      });
      return {
        success: true as const,
        message: `${record.countryName} is no longer entered in ${record.olympiadTitle}`,
      };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { Ok } from '#contract/errors';
import { IdParams } from '#contract/ids';
import { CountryBody, CountryInput, CountryListQuery, CountryPage } from '#contract/countries';
import { conflict } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readOne } from '../../http/single.js';
import { pageResult } from '../../platform/paging.js';
import { countryLoader } from './load.js';
import { countriesPolicy, mayAddCountries } from './policy.js';
import { participantRoutes } from './participant-routes.js';
import { presentCountry } from './present.js';
import * as queries from './queries.js';

const tags = ['countries'];
const { access } = countriesPolicy;

/**
 * Countries (docs/spec.md §6, /{o}/admin/edit/countries; `igeo-country`): the ISO 3166 codes, names and time
 * zones the international olympiad's countries are entered from (decision 039).
 */
export async function countriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/igeo-country/v-rest/',
    tags,
    access: access.list,
    summary: 'Countries: paged, searchable by name or code, sortable',
    query: CountryListQuery,
    response: CountryPage,
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listCountries(db, query);
      return {
        ...pageResult(
          items.map((c) => presentCountry(actor, c)),
          total,
          query,
        ),
        can: { create: mayAddCountries(actor) },
      };
    },
  });

  readOne(app, '/igeo-country/v-rest/', 'countryId', {
    tags,
    access: access.see,
    summary: 'One country',
    response: CountryBody,
    load: ({ db, actor, params }) => countryLoader.load(db, actor, params.id, 'see'),
    handler: async ({ actor, record }) => ({ success: true as const, country: presentCountry(actor, record) }),
  });

  route(app, {
    method: 'POST',
    url: '/igeo-country/v-rest/',
    tags,
    access: access.create,
    summary: 'Add a country to the shared list (the overlord): ISO 3166 alpha-2 code, name, IANA time zone',
    body: CountryInput,
    response: CountryBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const id = await queries.insertCountry(db, body);
      await audit('country.create', { entityId: id, data: body });
      return {
        success: true as const,
        message: `${body.name} is added`,
        country: presentCountry(actor, (await queries.findCountry(db, id))!),
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/igeo-country/v-rest/:id',
    tags,
    access: access.update,
    summary: 'Edit a country of the shared list (the overlord; its team’s name follows in every olympiad)',
    params: IdParams,
    body: CountryInput,
    response: CountryBody,
    transaction: true,
    load: ({ db, actor, params }) => countryLoader.load(db, actor, params.id, 'update'),
    handler: async ({ db, actor, body, record, audit }) => {
      await queries.updateCountry(db, record.id, body);
      await audit('country.update', { entityId: record.id, data: body });
      return {
        success: true as const,
        message: `${body.name} is saved`,
        country: presentCountry(actor, (await queries.findCountry(db, record.id))!),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/igeo-country/v-rest/:id',
    tags,
    access: access.delete,
    summary: 'Remove a country that no olympiad uses and whose team has no accounts (the overlord)',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => countryLoader.load(db, actor, params.id, 'delete'),
    handler: async ({ db, record, audit }) => {
      if (record.entries > 0)
        throw conflict(`${record.name} is entered in ${record.entries} olympiad(s): take it out of them first`);
      if ((await queries.teamAccounts(db, record.id)) > 0)
        throw conflict(`${record.name}’s team still has team admins: move or remove them first`);
      await queries.deleteCountry(db, record.id);
      await audit('country.delete', { entityId: record.id, data: { code: record.code, name: record.name } });
      return { success: true as const, message: `${record.name} is removed` };
    },
  });

  await participantRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Ok, pageOf } from '#contract/errors';
import { IdParams } from '#contract/ids';
import { MergeSchoolsBody, School, SchoolContactInput, SchoolInput, SchoolListQuery } from '#contract/schools';
import { badRequest, conflict, invalid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readOne } from '../../http/single.js';
import { pageResult } from '../../platform/paging.js';
import { emisTaken } from './errors.js';
import { mergeSourceLoader, mergeTargetLoader, schoolLoader, schoolsReach } from './load.js';
import { editableSchoolFields, schoolsPolicy } from './policy.js';
import { presentSchool } from './present.js';
import * as queries from './school-queries.js';

const tags = ['schools'];
const { access } = schoolsPolicy;
const SchoolBody = z.object({ success: z.literal(true), school: School });

/** The fields of a body the actor may write (a teacher: the contact details), checked by their schema. */
function valuesFor(fields: 'all' | 'contact', body: Record<string, unknown>): Partial<SchoolInput> {
  const contact = Object.keys(SchoolContactInput.shape);
  const parsed =
    fields === 'contact'
      ? SchoolContactInput.safeParse(Object.fromEntries(Object.entries(body).filter(([k]) => contact.includes(k))))
      : SchoolInput.safeParse(body);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

/** The school register (docs/spec.md §6, /overlord/edit/schools): read by staff, kept by the overlord. */
export async function schoolRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/school/v-rest/',
    tags,
    access: access.list,
    summary: 'Schools: every school (overlord) or those entered in the caller’s olympiads; paged, searchable, sortable',
    query: SchoolListQuery,
    response: pageOf(School),
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listSchools(db, schoolsReach(actor, query.olympiadId), query);
      return pageResult(
        items.map((s) => presentSchool(actor, s)),
        total,
        query,
      );
    },
  });

  readOne(app, '/school/v-rest/', 'schoolId', {
    tags,
    access: access.see,
    summary: 'One school (a teacher: their own)',
    response: SchoolBody,
    load: ({ db, actor, params }) => schoolLoader.load(db, actor, params.id, 'see'),
    handler: async ({ actor, record }) => ({ success: true as const, school: presentSchool(actor, record) }),
  });

  route(app, {
    method: 'POST',
    url: '/school/v-rest/',
    tags,
    access: access.create,
    summary: 'Add a school (overlord)',
    body: SchoolInput,
    response: SchoolBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      if (body.emisNumber && (await queries.findSchoolByEmis(db, body.emisNumber))) throw emisTaken();
      const row = await queries.insertSchool(db, body);
      await audit('school.create', { entityId: row.id, data: { name: row.name } });
      return { success: true as const, school: presentSchool(actor, (await queries.findSchool(db, row.id))!) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/school/v-rest/:id',
    tags,
    access: access.update,
    summary: 'Edit a school (overlord: everything; a teacher: their school’s contact details)',
    params: IdParams,
    body: z.union([SchoolInput, SchoolContactInput]),
    response: SchoolBody,
    transaction: true,
    load: ({ db, actor, params }) => schoolLoader.load(db, actor, params.id, 'update'),
    handler: async ({ db, actor, body, record: school, audit }) => {
      const values = valuesFor(editableSchoolFields(actor, school), body);
      if (values.emisNumber && values.emisNumber !== school.emisNumber) {
        const other = await queries.findSchoolByEmis(db, values.emisNumber);
        if (other && other.id !== school.id) {
          throw conflict('Another school has this EMIS number: merge the two instead', [
            { path: 'body.emisNumber', message: 'This EMIS number is taken' },
          ]);
        }
      }
      await queries.updateSchool(db, school.id, values);
      // Before and after, field by field, for the activity log ("who changed this school's name").
      const before = Object.fromEntries(
        Object.keys(values).map((k) => [k, (school as unknown as Record<string, unknown>)[k] ?? null]),
      );
      await audit('school.update', { entityId: school.id, data: { before, after: values } });
      return { success: true as const, school: presentSchool(actor, (await queries.findSchool(db, school.id))!) };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/school/v-rest/:id',
    tags,
    access: access.delete,
    summary: 'Remove a school that has no teachers, learners or entries (overlord)',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => schoolLoader.load(db, actor, params.id, 'delete'),
    handler: async ({ db, record: school, audit }) => {
      const usage = await queries.schoolUsage(db, school.id);
      if (usage.users || usage.entries) {
        throw conflict(
          `This school has ${usage.users} people and ${usage.entries} olympiad entries: merge it into another school instead`,
        );
      }
      await queries.deleteSchool(db, school.id);
      await audit('school.delete', { entityId: school.id, data: { name: school.name } });
      return { success: true as const, message: `${school.name} is removed` };
    },
  });

  route(app, {
    method: 'POST',
    url: '/school/v-rest/merge',
    tags,
    access: access.merge,
    summary: 'Merge a duplicate school into another (overlord): people, entries and learners move, the duplicate goes',
    body: MergeSchoolsBody,
    response: z.object({ success: z.literal(true), message: z.string(), school: School }),
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      if (body.sourceId === body.targetId) throw badRequest('Choose two different schools');
      const source = await mergeSourceLoader.load(db, actor, body.sourceId, 'merge');
      const target = await mergeTargetLoader.load(db, actor, body.targetId, 'merge');
      await queries.mergeSchools(db, source.id, target.id);
      if (!target.emisNumber && source.emisNumber)
        await queries.updateSchool(db, target.id, { emisNumber: source.emisNumber });
      await audit('school.merge', {
        entityId: target.id,
        data: { sourceId: source.id, sourceName: source.name, targetName: target.name },
      });
      return {
        success: true as const,
        message: `${source.name} is merged into ${target.name}`,
        school: presentSchool(actor, (await queries.findSchool(db, target.id))!),
      };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { isServerLocale } from '../../platform/i18n.js';
import { z } from 'zod';
import { LearnerScopeQuery } from '#contract/learners';
import { fileAnswer, route } from '../../http/route.js';
import { openSlipPassword } from './credentials.js';
import { enteredPlace, type Place } from './load.js';
import { personalDataRead } from '../../platform/audit.js';
import { learnersPolicy } from './policy.js';
import * as queries from './queries.js';
import { slipsCsv } from './slips.js';
import { slipsPdfOffThread } from './slips-pool.js';
import { unitWords } from '#contract/units';

const tags = ['learners'];
const { access } = learnersPolicy;
const SlipsQuery = LearnerScopeQuery.extend({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .max(20_000)
    .optional(),
}).strict();

/** The learners' sign-in slips, as PDF (ten to a page, drawn off the event loop) or CSV; heavy downloads (decision 065). */
export async function slipRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  async function slipData(place: Place, ids?: string) {
    const rows = await queries.learnersForSlips(db, place.olympiad.id, place.school.id, ids?.split(',').map(Number));
    return {
      slips: rows.map((l) => ({
        firstName: l.firstName,
        lastName: l.lastName,
        grade: l.grade,
        username: l.username,
        password: openSlipPassword(config.appSecret, l.initialPasswordEnc, l.passwordHash),
      })),
      ctx: {
        olympiadTitle: place.olympiad.title,
        schoolName: place.school.name,
        signInUrl: `${config.publicUrl}/${place.olympiad.varName}/login`,
        manager: unitWords(place.olympiad.kind).manager,
        language: isServerLocale(place.olympiad.defaultLanguage) ? place.olympiad.defaultLanguage : 'en',
      },
    };
  }

  /** A download of slips is a read of the learners' names and passwords: one audit row naming the school. */
  const slipsRead = (place: Place, count: number, format: string) =>
    personalDataRead({
      what: 'sign-in-slips',
      olympiadId: place.olympiad.id,
      schoolId: place.school.id,
      count,
      format,
    });

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/slips.pdf',
    tags,
    access: access.manage,
    response: fileAnswer('application/pdf'),
    summary: 'Sign-in slips (PDF, ten to a page, with cut lines) for the school’s learners, or the listed ids',
    query: SlipsQuery,
    heavy: true,
    handler: async ({ reply, actor, query, audit }) => {
      const place = await enteredPlace(db, actor, query.olympiadId, query.schoolId);
      const { slips, ctx } = await slipData(place, query.ids);
      await audit('personal-data.read', slipsRead(place, slips.length, 'pdf'));
      const pdf = await slipsPdfOffThread({ slips, ctx });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="sign-in-slips-${place.olympiad.varName}.pdf"`)
        .send(Buffer.from(pdf));
    },
  });

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/slips.csv',
    tags,
    access: access.manage,
    response: fileAnswer('text/csv'),
    summary: 'Sign-in slips as CSV (UTF-8 with BOM)',
    query: SlipsQuery,
    heavy: true,
    handler: async ({ reply, actor, query, audit }) => {
      const place = await enteredPlace(db, actor, query.olympiadId, query.schoolId);
      const { slips, ctx } = await slipData(place, query.ids);
      await audit('personal-data.read', slipsRead(place, slips.length, 'csv'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sign-in-slips-${place.olympiad.varName}.csv"`)
        .send(slipsCsv(slips, ctx));
    },
  });
}

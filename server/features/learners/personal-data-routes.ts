import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import {
  ForgetResult,
  OlympiadIdParams,
  PersonalData,
  RetentionConfirmed,
  RetentionInput,
  RetentionReport,
  RetentionSetting,
} from '#contract/personal-data';
import { Ok } from '#contract/errors';
import { type Queryable, rows } from '../../db/client.js';
import { conflict, notFound, olympiadNotFound } from '../../http/errors.js';
import { defineLoader } from '../../http/load.js';
import { say } from '../../http/request-language.js';
import { route } from '../../http/route.js';
import { personalDataRead } from '../../platform/audit.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { forgetLearner } from './forget.js';
import { personalDataPolicy } from './personal-data-policy.js';
import { addMonths, findSubject, forgottenOf, personalDataOf } from './personal-data-queries.js';
import {
  GRACE_DAYS,
  confirmRetention,
  retentionReport,
  startRetentionSchedule,
  withdrawRetention,
} from './retention.js';

const tags = ['learners'];
const { access } = personalDataPolicy;

/** One learner, scoped: another school's (for a teacher) or another olympiad's (for an admin) answers 404. */
const subjectLoader = defineLoader({
  what: 'This learner',
  policy: personalDataPolicy,
  find: (q, key: { id: number; lock: boolean }) => findSubject(q, key.id, key.lock),
});

/** An olympiad whose retention is read or set (another olympiad's answers 404 for its admins' peers). */
const olympiadLoader = defineLoader({
  what: 'This olympiad',
  policy: personalDataPolicy,
  find: async (q, id: number) => {
    const o = await findOlympiad(q, id);
    if (!o) throw olympiadNotFound();
    return { olympiadId: o.id };
  },
});

const SettingRow = z.object({ retentionMonths: z.number(), publishedAt: z.date().nullable() });
const RemovedRow = z.object({ removed: z.record(z.string(), z.number()) });

/**
 * Personal data of learners (decision 108): the access request (everything held about one learner), the erasure
 * request (forget them), each olympiad's retention period, and the overlord's retention report and confirmation.
 */
export async function personalDataRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  route(app, {
    method: 'GET',
    url: '/learner/v-rest/:id/personal-data',
    tags,
    access: access.read,
    summary: 'Everything held about one learner (an access request), as JSON; the read is audited',
    params: IdParams,
    response: PersonalData,
    transaction: true,
    load: ({ db, actor, params }) => subjectLoader.load(db, actor, { id: params.id, lock: false }, 'read'),
    handler: async ({ db, record, audit }) => {
      const data = await personalDataOf(db, record);
      // Audited as a read of personal data: who read whose, and how much of it.
      const read = personalDataRead({ what: 'personal-data', olympiadId: record.olympiadId, learnerId: record.id });
      await audit('personal-data.read', {
        ...read,
        data: {
          ...read.data,
          signIns: data.signIns.length,
          attempts: data.attempts.length,
          mail: data.mail.length,
          certificates: data.certificates.length,
        },
      });
      return { success: true as const, ...data };
    },
  });

  route(app, {
    method: 'POST',
    url: '/learner/v-rest/:id/forget',
    tags,
    access: access.forget,
    summary:
      'Forget a learner (an erasure request): an anonymous label for the name, free-text answers and mail removed, ' +
      'sessions ended; marks and results stay. Again on a forgotten learner changes nothing and answers the first',
    params: IdParams,
    response: ForgetResult,
    transaction: true,
    load: ({ db, actor, params }) => subjectLoader.load(db, actor, { id: params.id, lock: true }, 'forget'),
    handler: async ({ db, actor, record, audit }) => {
      const before = forgottenOf(record);
      if (before) {
        const removed = await removedOf(db, record.id);
        return {
          success: true as const,
          message: say('api-portal.learner.forgottenAlready', {
            label: before.label,
            date: before.forgottenAt.slice(0, 10),
          }),
          alreadyForgotten: true,
          forgotten: before,
          removed,
        };
      }
      const name = `${record.firstName} ${record.lastName}`.trim();
      const { label, removed } = await forgetLearner(db, record, { reason: 'request', by: actor.userId });
      await audit('learner.forget', {
        entityId: record.id,
        olympiadId: record.olympiadId,
        data: { label, reason: 'request', removed },
      });
      const after = await findSubject(db, record.id);
      return {
        success: true as const,
        message: say('api-portal.learner.forgotten', { name, label }),
        alreadyForgotten: false,
        forgotten: forgottenOf(after!)!,
        removed,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/retention/:olympiadId',
    tags: ['olympiads'],
    access: access.setRetention,
    summary: 'How long the olympiad keeps its learners’ personal data after its results are published',
    params: OlympiadIdParams,
    response: RetentionSetting,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.olympiadId, 'setRetention'),
    handler: async ({ db, params }) => retentionSetting(db, params.olympiadId),
  });

  route(app, {
    method: 'PUT',
    url: '/olympiad/retention/:olympiadId',
    tags: ['olympiads'],
    access: access.setRetention,
    summary: 'Set the retention period: months after the results are published (1 to 240)',
    params: OlympiadIdParams,
    body: RetentionInput,
    response: RetentionSetting,
    transaction: true,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.olympiadId, 'setRetention'),
    handler: async ({ db, params, body, audit }) => {
      const before = await retentionSetting(db, params.olympiadId);
      await db.execute(
        sql`update olympiads set retention_months = ${body.retentionMonths}, updated_at = now()
            where id = ${params.olympiadId}`,
      );
      await audit('olympiad.retention', {
        entityId: params.olympiadId,
        olympiadId: params.olympiadId,
        data: { from: before.retentionMonths, to: body.retentionMonths },
      });
      return retentionSetting(db, params.olympiadId);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/personal-data/retention',
    tags: ['system'],
    access: access.retention,
    summary: 'The retention report (a dry run, changing nothing): which olympiads’ learners the job would anonymise',
    response: RetentionReport,
    handler: async ({ db }) => ({
      success: true as const,
      generatedAt: iso(new Date()),
      graceDays: GRACE_DAYS,
      items: await retentionReport(db),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/api/personal-data/retention/:olympiadId/confirm',
    tags: ['system'],
    access: access.retention,
    summary: `Confirm an olympiad past its period: the job anonymises the learners counted now, ${GRACE_DAYS} days from now`,
    params: OlympiadIdParams,
    response: RetentionConfirmed,
    transaction: true,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.olympiadId, 'retention'),
    handler: async ({ db, actor, params, audit }) => {
      const [item] = await retentionReport(db, params.olympiadId);
      if (!item) throw conflict('The results of this olympiad are not published: it has no retention period yet');
      if (!item.past) throw conflict(`This olympiad keeps its learners’ data until ${item.until.slice(0, 10)}`);
      if (item.confirmation?.actedAt) throw conflict('The retention job has already anonymised this olympiad');
      await confirmRetention(db, params.olympiadId, actor.userId, item.learners);
      const [after] = await retentionReport(db, params.olympiadId);
      await audit('retention.confirm', {
        entityId: params.olympiadId,
        olympiadId: params.olympiadId,
        data: { learners: item.learners, dueAt: after!.confirmation!.dueAt },
      });
      return {
        success: true as const,
        message: `Confirmed: ${item.learners} learners of ${item.title} are anonymised from ${after!.confirmation!.dueAt.slice(0, 10)}`,
        item: after!,
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/personal-data/retention/:olympiadId/confirm',
    tags: ['system'],
    access: access.retention,
    summary: 'Withdraw a confirmation before the job acts on it',
    params: OlympiadIdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.olympiadId, 'retention'),
    handler: async ({ db, params, audit }) => {
      if (!(await withdrawRetention(db, params.olympiadId))) throw notFound('This confirmation');
      await audit('retention.withdraw', { entityId: params.olympiadId, olympiadId: params.olympiadId });
      return { success: true as const, message: 'The confirmation is withdrawn: the job leaves this olympiad alone' };
    },
  });

  if (app.config.jobs.worker) {
    let stop: () => void = () => undefined;
    app.addHook('onReady', async () => {
      stop = startRetentionSchedule({ db, log: app.log.child({ module: 'retention' }) });
    });
    app.addHook('preClose', async () => stop());
  }
}

async function retentionSetting(db: Queryable, olympiadId: number) {
  const [r] = await rows(
    db,
    SettingRow,
    sql`select o.retention_months, r.published_at from olympiads o
        left join olympiad_results r on r.olympiad_id = o.id where o.id = ${olympiadId}`,
  );
  const publishedAt = r?.publishedAt ?? null;
  const months = r?.retentionMonths ?? 24;
  return {
    success: true as const,
    retentionMonths: months,
    resultsPublishedAt: isoOrNull(publishedAt),
    until: publishedAt ? iso(addMonths(publishedAt, months)) : null,
  };
}

/** What the first forgetting removed, read back for a repeat. */
async function removedOf(db: Queryable, userId: number) {
  const [row] = await rows(db, RemovedRow, sql`select removed from learner_erasures where user_id = ${userId}`);
  const r = row?.removed ?? {};
  return {
    freeTextAnswers: r.freeTextAnswers ?? 0,
    sessionsEnded: r.sessionsEnded ?? 0,
    mailRedacted: r.mailRedacted ?? 0,
    certificatesUnnamed: r.certificatesUnnamed ?? 0,
    auditEntriesCleaned: r.auditEntriesCleaned ?? 0,
  };
}

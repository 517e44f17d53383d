import type { FastifyInstance } from 'fastify';
import { personalDataRead } from '../../platform/audit.js';
import { z } from 'zod';
import { IdText } from '#contract/ids';
import { Ok } from '#contract/errors';
import {
  ExtraTimeBody,
  ExtraTimeResult,
  OlympiadIdQuery,
  RemarkResult,
  SittingCounts,
  StartTimesPage,
  StartTimesQuery,
  SubmittedData,
  WaitingRoomSettingBody,
  WaitingRoomStatus,
} from '#contract/sitting';
import type { Queryable } from '../../db/client.js';
import { conflict, learnerNotFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { isoOrNull } from '../../platform/dates.js';
import { pageResult } from '../../platform/paging.js';
import { attemptOf } from './attempt-queries.js';
import * as queries from './day-queries.js';
import { markAttempts, sweepOverdue } from './finishing.js';
import { countsLoader, countsReach, learnerLoader, olympiadLoader } from './load.js';
import { finishedAttemptIds } from './marking-queries.js';
import { sittingPolicy } from './policy.js';
import { presentStartTime, presentSubmittedData } from './present.js';
import { roomOf, setAdmissionRate } from './waiting-room.js';

const tags = ['sitting'];
const { access } = sittingPolicy;

/** The admin's and teacher's view of the day. Other olympiads' records answer 404, unchanged. */
export async function sittingAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  route(app, {
    method: 'GET',
    url: '/olympiad/start-times',
    summary: 'Who started when: learners with their start, finish and status (paged, searchable, sortable)',
    tags,
    access: access.administer,
    query: StartTimesQuery,
    response: StartTimesPage,
    load: ({ actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'administer'),
    handler: async ({ query, record: olympiad }) => {
      await sweepOverdue(db, { olympiadId: olympiad.id });
      const found = await queries.startTimes(db, { ...query, olympiadId: olympiad.id });
      return pageResult(found.map(presentStartTime), found[0]?.total ?? 0, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/sitting-counts',
    summary: 'Learners not started / writing / finished / active now (a teacher: their own school)',
    tags,
    access: access.counts,
    query: OlympiadIdQuery,
    response: SittingCounts,
    load: ({ actor, query }) => countsLoader.load(db, actor, query.olympiadId, 'counts'),
    handler: async ({ actor, record: olympiad }) => {
      await sweepOverdue(db, { olympiadId: olympiad.id });
      return { success: true as const, ...(await queries.sittingCounts(db, countsReach(actor, olympiad))) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/participant/reset/:a/:b',
    summary: 'Reset one learner’s attempt (a = olympiad id, b = learner id): answers deleted, audited',
    tags,
    access: access.administer,
    params: z.strictObject({ a: IdText, b: IdText }),
    response: Ok,
    transaction: true,
    load: async ({ db, actor, params }) => {
      const olympiad = await olympiadLoader.load(db, actor, params.a, 'administer');
      const found = await learnerLoader.load(db, actor, params.b, 'administer');
      if (found.olympiadId !== olympiad.id) throw learnerNotFound();
      return found;
    },
    handler: async ({ db, record: { learner, olympiad }, audit }) => {
      const [deleted] = await queries.deleteAttempt(db, olympiad.id, learner.id);
      await audit('attempt.reset', {
        entityId: learner.id,
        olympiadId: olympiad.id,
        data: deleted
          ? {
              attemptId: deleted.id,
              startedAt: isoOrNull(deleted.startedAt),
              finishedAt: isoOrNull(deleted.finishedAt),
              score: deleted.score,
            }
          : { attemptId: null },
      });
      return {
        success: true as const,
        message: `The attempt of ${learner.username} was reset; they can write again.`,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/participant/get-submitted-data/:id',
    summary: 'What a learner submitted, with marks and the key (admins of their olympiad)',
    tags,
    access: access.administer,
    params: z.strictObject({ id: IdText }),
    response: SubmittedData,
    load: ({ actor, params }) => learnerLoader.load(db, actor, params.id, 'administer'),
    handler: async ({ record: { learner, olympiad }, audit }) => {
      // Staff reading a learner's answers is a read of their personal data (decision 109).
      await audit(
        'personal-data.read',
        personalDataRead({
          what: 'submitted-answers',
          olympiadId: olympiad.id,
          schoolId: learner.schoolId,
          learnerId: learner.id,
        }),
      );
      await sweepOverdue(db, { olympiadId: olympiad.id });
      const attempt = await attemptOf(db, olympiad.id, learner.id);
      const answers = await queries.submittedAnswers(db, olympiad.id, attempt?.id ?? null);
      return presentSubmittedData(learner, attempt, answers);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/sitting-extra-time/:learnerId',
    summary: 'Grant a learner extra minutes (their total); moves a running deadline; audited',
    tags,
    access: access.administer,
    params: z.strictObject({ learnerId: IdText }),
    body: ExtraTimeBody,
    response: ExtraTimeResult,
    transaction: true,
    load: ({ db, actor, params }) => learnerLoader.load(db, actor, params.learnerId, 'administer'),
    handler: async ({ db, body, record: { learner, olympiad }, audit }) => {
      const attempt = await attemptOf(db, olympiad.id, learner.id);
      if (attempt?.finishedAt) {
        throw conflict('This learner has already finished; reset their attempt instead if they should write again.');
      }
      const row = await queries.setExtraMinutes(db, olympiad, learner.id, body.minutes);
      await audit('attempt.extra-time', {
        entityId: learner.id,
        olympiadId: olympiad.id,
        data: { from: attempt?.extraMinutes ?? 0, to: body.minutes, deadlineAt: isoOrNull(row.deadlineAt) },
      });
      return { success: true as const, extraMinutes: row.extraMinutes, deadlineAt: isoOrNull(row.deadlineAt) };
    },
  });

  const waitingRoomStatus = async (q: Queryable, olympiadId: number): Promise<WaitingRoomStatus> => {
    const fallback = app.config.sitting.admissionsPerSecond;
    const room = await roomOf(q, olympiadId, fallback);
    return {
      success: true,
      waiting: room.waiting,
      admitted: room.admitted,
      admissionsPerSecond: room.admissionsPerSecond ?? fallback,
      admittingPerSecond: room.admittingPerSecond,
      ownAdmissionsPerSecond: room.admissionsPerSecond,
      defaultAdmissionsPerSecond: fallback,
    };
  };

  route(app, {
    method: 'GET',
    url: '/api/sitting-waiting-room',
    summary: 'The day’s waiting room: learners waiting now, admitted so far, admissions a second (decision 041)',
    tags,
    access: access.administer,
    query: OlympiadIdQuery,
    response: WaitingRoomStatus,
    load: ({ db, actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'administer'),
    handler: ({ record }) => waitingRoomStatus(db, record.id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/sitting-waiting-room',
    summary: 'Set the olympiad’s own admissions a second (null: the server’s default); audited',
    tags,
    access: access.administer,
    query: OlympiadIdQuery,
    body: WaitingRoomSettingBody,
    response: WaitingRoomStatus,
    transaction: true,
    load: ({ db, actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'administer'),
    handler: async ({ db: tx, body, record, audit }) => {
      const before = await roomOf(tx, record.id, app.config.sitting.admissionsPerSecond);
      await setAdmissionRate(tx, record.id, body.admissionsPerSecond);
      await audit('waiting-room.set-rate', {
        entityId: record.id,
        olympiadId: record.id,
        data: { from: before.admissionsPerSecond, to: body.admissionsPerSecond },
      });
      return waitingRoomStatus(tx, record.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/remark/:id',
    summary: 'Re-mark every finished attempt of an olympiad (after a key fix); audited',
    tags,
    access: access.administer,
    params: z.strictObject({ id: IdText }),
    response: RemarkResult,
    transaction: true,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'administer'),
    handler: async ({ db, record: olympiad, audit }) => {
      // Overdue attempts are finished (and marked) first, as by the sweep; then every finished one is re-marked.
      await sweepOverdue(db, { olympiadId: olympiad.id });
      const ids = await finishedAttemptIds(db, olympiad.id);
      await markAttempts(db, olympiad.id, ids);
      await audit('olympiad.remark', {
        entityId: olympiad.id,
        olympiadId: olympiad.id,
        data: { attempts: ids.length },
      });
      return { success: true as const, remarked: ids.length };
    },
  });
}

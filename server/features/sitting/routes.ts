import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdText } from '../../../contract/ids.js';
import { SessionUser } from '../../../contract/auth.js';
import { Ok } from '../../../contract/errors.js';
import {
  DeclarationBody,
  ExtraTimeBody,
  ExtraTimeResult,
  FeedbackBody,
  FinishResult,
  LearnerDetailsBody,
  OlympiadIdQuery,
  Paper,
  RecoverBody,
  RecoveryPinResult,
  RemarkResult,
  SaveAnswerBody,
  SaveAnswerResult,
  SittingCounts,
  SittingState,
  StartTimesPage,
  StartTimesQuery,
  SubmittedData,
  TrackerBody,
  TrackerResult,
} from '../../../contract/sitting.js';
import { route } from '../../http/route.js';
import { refuseWhileImpersonating } from '../../platform/credentials.js';
import * as admin from './admin.js';
import { benchRoutes } from './bench-route.js';
import { sittingAccess } from './policy.js';
import * as sitting from './service.js';
import { startSweep } from './service.js';

const tags = ['sitting'];
const OlympiadParams = z.strictObject({ olympiadName: z.string().trim().min(1).max(60) });
const AnswerParams = z.strictObject({ olympiadName: z.string().trim().min(1).max(60), questionId: IdText });

/** The learner's sitting (contract/sitting.ts) and the admin's and teacher's view of the day. */
export async function sittingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const base = '/api/sitting/:olympiadName';

  // At the deadline an attempt finishes by itself: lazily on the next call, and by this periodic sweep.
  let stopSweep = () => undefined as void;
  app.addHook('onReady', async () => {
    stopSweep = startSweep(app, app.config.sitting.sweepSeconds);
  });
  app.addHook('onClose', async () => stopSweep());
  if (app.config.bench.bareRoute) benchRoutes(app);

  route(app, {
    method: 'GET',
    url: `${base}/state`,
    summary: 'Where the learner really is in the sitting, and what that step needs',
    tags,
    access: sittingAccess.learner,
    params: OlympiadParams,
    response: SittingState,
    handler: ({ actor, params }) => sitting.state(db, actor, params.olympiadName),
  });

  route(app, {
    method: 'POST',
    url: `${base}/declaration`,
    summary: 'Accept the no-cheating declaration',
    tags,
    access: sittingAccess.learner,
    params: OlympiadParams,
    body: DeclarationBody,
    response: Ok,
    handler: async ({ actor, params }) => {
      await sitting.acceptDeclaration(db, actor, params.olympiadName);
      return { success: true, message: 'Declaration accepted' };
    },
  });

  route(app, {
    method: 'POST',
    url: `${base}/recovery-pin`,
    summary: 'Issue the recovery PIN (shown in this answer once, never again)',
    tags,
    access: sittingAccess.learner,
    params: OlympiadParams,
    response: RecoveryPinResult,
    handler: async ({ actor, params }) => {
      refuseWhileImpersonating(actor, 'recovery PIN');
      return { success: true, pin: await sitting.issueRecoveryPin(db, actor, params.olympiadName) };
    },
  });

  route(app, {
    method: 'PUT',
    url: `${base}/learner-details`,
    summary: 'Confirm or correct the learner’s name and grade (before starting)',
    tags,
    access: sittingAccess.learner,
    params: OlympiadParams,
    body: LearnerDetailsBody,
    response: Ok,
    handler: async ({ actor, params, body }) => {
      await sitting.confirmDetails(db, actor, params.olympiadName, body);
      return { success: true, message: 'Your details are confirmed' };
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/paper`,
    summary: 'The questions (no keys) and saved answers; the first call starts the timer',
    tags,
    access: sittingAccess.learner,
    params: OlympiadParams,
    response: Paper,
    handler: ({ actor, params }) => sitting.paper(db, actor, params.olympiadName),
  });

  route(app, {
    method: 'PUT',
    url: `${base}/answers/:questionId`,
    summary: 'Save one answer durably before acknowledging it (409 after finishing or the deadline)',
    tags,
    access: sittingAccess.learner,
    params: AnswerParams,
    body: SaveAnswerBody,
    response: SaveAnswerResult,
    fastPath: ({ req, token, params, body }) =>
      sitting.saveAnswerFast(db, app.config.appSecret, req, token, {
        olympiadName: params.olympiadName,
        questionId: params.questionId,
        body,
      }),
    handler: ({ req, actor, params, body }) =>
      sitting.saveAnswer(db, actor, req, { olympiadName: params.olympiadName, questionId: params.questionId, body }),
  });

  route(app, {
    method: 'POST',
    url: `${base}/finish`,
    summary: 'Finish writing; the attempt is marked at once',
    tags,
    access: sittingAccess.learner,
    params: OlympiadParams,
    response: FinishResult,
    handler: async ({ actor, params }) => ({
      success: true,
      ...(await sitting.finish(db, actor, params.olympiadName)),
    }),
  });

  route(app, {
    method: 'POST',
    url: `${base}/feedback`,
    summary: 'Optional feedback after finishing (once)',
    tags,
    access: sittingAccess.learner,
    params: OlympiadParams,
    body: FeedbackBody,
    response: Ok,
    handler: async ({ actor, params, body }) => {
      await sitting.feedback(db, actor, params.olympiadName, body);
      return { success: true, message: 'Thank you for your feedback' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/sitting/recover',
    summary: 'Sign in with the recovery PIN; answers a learner session like /api/auth/signin',
    tags,
    access: sittingAccess.recover,
    body: RecoverBody,
    response: SessionUser,
    handler: ({ req, body }) => sitting.recover(app, req, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/participant-tracker',
    summary: 'The learner’s heartbeat: last seen, position and address changes',
    tags,
    access: sittingAccess.learner,
    query: OlympiadIdQuery,
    body: TrackerBody,
    response: TrackerResult,
    handler: ({ req, actor, query, body }) =>
      sitting.trackerBeat(db, actor, req, query.olympiadId, body.position ?? null),
  });

  /* ---- the admin's and teacher's view of the day ---- */

  route(app, {
    method: 'GET',
    url: '/olympiad/start-times',
    summary: 'Who started when: learners with their start, finish and status (paged, searchable, sortable)',
    tags,
    access: sittingAccess.adminOfOlympiad,
    query: StartTimesQuery,
    response: StartTimesPage,
    handler: ({ actor, query }) => admin.startTimes(db, actor, query),
  });

  route(app, {
    method: 'GET',
    url: '/api/sitting-counts',
    summary: 'Learners not started / writing / finished / active now (a teacher: their own school)',
    tags,
    access: sittingAccess.counts,
    query: OlympiadIdQuery,
    response: SittingCounts,
    handler: ({ actor, query }) => admin.counts(db, actor, query.olympiadId),
  });

  route(app, {
    method: 'GET',
    url: '/participant/reset/:a/:b',
    summary: 'Reset one learner’s attempt (a = olympiad id, b = learner id): answers deleted, audited',
    tags,
    access: sittingAccess.adminOfOlympiad,
    params: z.strictObject({ a: IdText, b: IdText }),
    response: Ok,
    handler: ({ req, actor, params }) => admin.reset(db, actor, req, params.a, params.b),
  });

  route(app, {
    method: 'GET',
    url: '/participant/get-submitted-data/:id',
    summary: 'What a learner submitted, with marks and the key (admins of their olympiad)',
    tags,
    access: sittingAccess.adminOfOlympiad,
    params: z.strictObject({ id: IdText }),
    response: SubmittedData,
    handler: ({ actor, params }) => admin.submittedData(db, actor, params.id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/sitting-extra-time/:learnerId',
    summary: 'Grant a learner extra minutes (their total); moves a running deadline; audited',
    tags,
    access: sittingAccess.adminOfOlympiad,
    params: z.strictObject({ learnerId: IdText }),
    body: ExtraTimeBody,
    response: ExtraTimeResult,
    handler: ({ req, actor, params, body }) => admin.setExtraTime(db, actor, req, params.learnerId, body.minutes),
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/remark/:id',
    summary: 'Re-mark every finished attempt of an olympiad (after a key fix); audited',
    tags,
    access: sittingAccess.adminOfOlympiad,
    params: z.strictObject({ id: IdText }),
    response: RemarkResult,
    handler: ({ req, actor, params }) => admin.remark(db, actor, req, params.id),
  });
}

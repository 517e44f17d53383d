import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdText } from '#contract/ids';
import { SessionUser } from '#contract/auth';
import { Ok } from '#contract/errors';
import {
  DeclarationBody,
  FeedbackBody,
  FinishBody,
  FinishResult,
  LanguageBody,
  LanguageResult,
  LearnerDetailsBody,
  OlympiadIdQuery,
  QueueQuery,
  Paper,
  RecoverBody,
  RecoveryPinConfirmBody,
  RecoveryPinResult,
  SaveAnswerBody,
  SaveAnswerResult,
  SittingState,
  TrackerBody,
  TrackerResult,
  WaitingRoomPlace,
} from '#contract/sitting';
import { route } from '../../http/route.js';
import { refuseWhileImpersonating } from '../../platform/credentials.js';
import { requestLocale, translate, type ServerMessageId } from '../../platform/i18n.js';
import { sittingAdminRoutes } from './admin-routes.js';
import { answerSaves } from './answer-batches.js';
import { saveAnswer, saveAnswerFast } from './answers.js';
import { forgetCatalogue } from './catalogue.js';
import * as fast from './fast-steps.js';
import { startSweep } from './finishing.js';
import { sittingPolicy } from './policy.js';
import { recover } from './recover.js';
import * as sitting from './steps.js';
import { placeDesk } from './waiting-places.js';
import { roomCopies, startAdmitting } from './waiting-room.js';
import { gateAtSignin, queuePlace } from './signin-queue.js';
import { arrivalGauge } from './admission-gauge.js';
import { sittingMetrics } from './metrics.js';

const tags = ['sitting'];
/** A step's answer, its message in the request's language (decision 091). */
const done = (req: FastifyRequest, id: ServerMessageId) =>
  ({ success: true, message: translate(requestLocale(req.headers), id) }) as const;
const declarationAccepted = (req: FastifyRequest) => done(req, 'api-learner.declarationAccepted');
const pinConfirmed = (req: FastifyRequest) => done(req, 'api-learner.pinConfirmed');
const detailsConfirmed = (req: FastifyRequest) => done(req, 'api-learner.detailsConfirmed');
const { access } = sittingPolicy;
/** How far behind the room a process's copy may be for the sign-in queue's poll (decision 055). */
const ROOM_COPY_MS = 250;
const OlympiadParams = z.strictObject({ olympiadName: z.string().trim().min(1).max(60) });
const AnswerParams = z.strictObject({ olympiadName: z.string().trim().min(1).max(60), questionId: IdText });

/** The learner's sitting (contract/sitting.ts) and the admin's and teacher's view of the day. */
export async function sittingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const base = '/api/sitting/:olympiadName';
  const { admissionsPerSecond, admitTargetMs, admitTickMs, saveTargetMs, offlineGraceMinutes } = app.config.sitting;
  const saves = answerSaves(db);
  const gauge =
    admitTargetMs > 0 && admitTickMs > 0 ? arrivalGauge({ stepMs: admitTargetMs, saveMs: saveTargetMs }) : undefined;
  const room: sitting.Room = {
    defaultRate: admissionsPerSecond,
    now: roomCopies(db, admissionsPerSecond, app.config.env === 'test' ? 0 : ROOM_COPY_MS),
    startsSlow: gauge != null,
    desk: placeDesk(db, admissionsPerSecond, gauge != null),
  };
  // The arrival's steps try their one statement first (fast-steps.ts, decision 049), as the answer save does.
  const fastInput = (token: string, params: { olympiadName: string }): fast.FastInput => ({
    secret: app.config.appSecret,
    token,
    olympiadName: params.olympiadName,
  });

  // A finish may say when it was given (decision 087): an empty body is given now.
  const lateFinish = (body: z.infer<typeof FinishBody>) => ({
    givenAt: body?.givenAt === undefined ? undefined : new Date(body.givenAt).toISOString(),
    graceMinutes: offlineGraceMinutes,
  });

  // At the deadline an attempt finishes by itself: lazily on the next call, and by this periodic sweep.
  // The waiting room admits the next learners on every process's tick (decision 041), at a rate that follows
  // how this process's arrival steps fare (decision 051; SITTING_ADMIT_TARGET_MS=0: the setting alone).
  // The arrival's six steps (state, declaration, recovery PIN and its confirmation, details, paper) report their
  // time, and so does every answer save (decision 055).
  const arrivalStep = gauge
    ? { onResponse: async (_req: FastifyRequest, reply: FastifyReply) => gauge.record(reply.elapsedTime) }
    : {};
  // Every acknowledged save is counted and timed for Prometheus too (decision 101).
  const figures = sittingMetrics(app, saves, admissionsPerSecond);
  const judged = gauge && saveTargetMs > 0 ? gauge : undefined;
  const answerSave = {
    onResponse: async (_req: FastifyRequest, reply: FastifyReply) => {
      figures.saveAnswered(reply);
      judged?.recordSave(reply.elapsedTime);
    },
  };
  let stopSweep = () => undefined as void;
  let stopAdmitting = () => undefined as void;
  app.addHook('onReady', async () => {
    stopSweep = startSweep({ db, log: app.log }, app.config.sitting.sweepSeconds);
    stopAdmitting = startAdmitting({ db, log: app.log }, room.defaultRate, admitTickMs, gauge);
  });
  app.addHook('onClose', async () => {
    stopSweep();
    stopAdmitting();
    gauge?.stop();
  });
  // A learner about to sign in during the window takes their place in the waiting room first (decision 053).
  // Its sign-ins that go on to the password check are arrival steps too, for the gauge.
  app.arrivalGate.use({
    check: (learner) => gateAtSignin(db, room, app.config.appSecret, learner),
    record: (ms) => gauge?.record(ms),
  });
  // An olympiad's paper changed, in this process or another: its cached copy goes at once (decision 040).
  app.changes.on('olympus_catalogue', (id) => forgetCatalogue(id == null ? undefined : Number(id)));

  route(app, {
    method: 'GET',
    url: `${base}/state`,
    ...arrivalStep,
    summary: 'Where the learner really is in the sitting, and what that step needs',
    tags,
    access: access.view,
    params: OlympiadParams,
    response: SittingState,
    fastPath: ({ req, token, params }) =>
      fast.stateFast(db, fastInput(token, params), room, requestLocale(req.headers)),
    handler: ({ req, actor, params }) =>
      sitting.state(db, actor, params.olympiadName, room, requestLocale(req.headers)),
  });

  route(app, {
    method: 'GET',
    url: `${base}/waiting-room`,
    summary: 'The learner’s place in the waiting room before the paper, and an estimate (what the waiting page polls)',
    tags,
    access: access.view,
    params: OlympiadParams,
    response: WaitingRoomPlace,
    fastPath: ({ token, params }) => fast.waitingPlaceFast(db, fastInput(token, params), room),
    handler: ({ actor, params }) => sitting.waitingPlace(db, actor, params.olympiadName, room),
  });

  route(app, {
    method: 'POST',
    url: `${base}/declaration`,
    ...arrivalStep,
    summary: 'Accept the no-cheating declaration',
    tags,
    access: access.sit,
    params: OlympiadParams,
    body: DeclarationBody,
    response: Ok,
    fastPath: async ({ req, token, params }) =>
      (await fast.acceptDeclarationFast(db, fastInput(token, params))) ? declarationAccepted(req) : undefined,
    handler: async ({ req, actor, params }) => {
      await sitting.acceptDeclaration(db, actor, params.olympiadName, room);
      return declarationAccepted(req);
    },
  });

  route(app, {
    method: 'PUT',
    url: `${base}/language`,
    summary: 'The language the learner writes in, kept on their attempt (422 for one the olympiad does not offer)',
    tags,
    access: access.sit,
    params: OlympiadParams,
    body: LanguageBody,
    response: LanguageResult,
    handler: async ({ actor, params, body }) => ({
      success: true as const,
      language: await sitting.chooseLanguage(db, actor, params.olympiadName, body.language),
    }),
  });

  route(app, {
    method: 'POST',
    url: `${base}/recovery-pin`,
    ...arrivalStep,
    summary: 'Issue the recovery PIN (in this answer only; a fresh one replaces it until it is confirmed)',
    tags,
    access: access.sit,
    params: OlympiadParams,
    response: RecoveryPinResult,
    fastPath: async ({ token, params }) => {
      const issued = await fast.issueRecoveryPinFast(db, fastInput(token, params));
      return issued && { success: true as const, ...issued };
    },
    handler: async ({ actor, params }) => {
      refuseWhileImpersonating(actor, 'recovery PIN');
      return { success: true as const, ...(await sitting.issueRecoveryPin(db, actor, params.olympiadName, room)) };
    },
  });

  route(app, {
    method: 'POST',
    url: `${base}/recovery-pin/confirm`,
    ...arrivalStep,
    summary: 'The learner wrote the PIN down (409 when a newer PIN replaced the one sent)',
    tags,
    access: access.sit,
    params: OlympiadParams,
    body: RecoveryPinConfirmBody,
    response: Ok,
    fastPath: async ({ req, token, params, body }) =>
      (await fast.confirmRecoveryPinFast(db, fastInput(token, params), body.pin)) ? pinConfirmed(req) : undefined,
    handler: async ({ req, actor, params, body }) => {
      refuseWhileImpersonating(actor, 'recovery PIN');
      await sitting.confirmRecoveryPin(db, actor, params.olympiadName, body.pin, room);
      return pinConfirmed(req);
    },
  });

  route(app, {
    method: 'PUT',
    url: `${base}/learner-details`,
    ...arrivalStep,
    summary: 'Confirm or correct the learner’s name and grade (before starting)',
    tags,
    access: access.sit,
    params: OlympiadParams,
    body: LearnerDetailsBody,
    response: Ok,
    fastPath: async ({ req, token, params, body }) =>
      (await fast.confirmDetailsFast(db, fastInput(token, params), body)) ? detailsConfirmed(req) : undefined,
    handler: async ({ req, actor, params, body }) => {
      await sitting.confirmDetails(db, actor, params.olympiadName, body, room);
      return detailsConfirmed(req);
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/paper`,
    ...arrivalStep,
    summary: 'The questions (no keys) and saved answers; the first call starts the timer',
    tags,
    access: access.sit,
    params: OlympiadParams,
    response: Paper,
    fastPath: ({ token, params }) => fast.paperFast(db, fastInput(token, params)),
    handler: ({ actor, params }) => sitting.paper(db, actor, params.olympiadName, room),
  });

  route(app, {
    method: 'PUT',
    url: `${base}/answers/:questionId`,
    ...answerSave,
    summary:
      'Save one answer durably before acknowledging it (409 after finishing or the deadline, unless it was given ' +
      'before the deadline on a device that was offline: decision 087); an answer given later stays',
    tags,
    access: access.sit,
    params: AnswerParams,
    body: SaveAnswerBody,
    response: SaveAnswerResult,
    fastPath: ({ req, token, params, body }) =>
      saveAnswerFast(db, saves, app.config.appSecret, req, token, {
        olympiadName: params.olympiadName,
        questionId: params.questionId,
        body,
      }),
    handler: ({ req, actor, params, body }) =>
      saveAnswer(
        db,
        actor,
        req,
        { olympiadName: params.olympiadName, questionId: params.questionId, body },
        offlineGraceMinutes,
      ),
  });

  route(app, {
    method: 'POST',
    url: `${base}/finish`,
    summary:
      'Finish writing; the attempt is marked at once (a finish given before the deadline on a device that was ' +
      'offline counts as handed in then: decision 087)',
    tags,
    access: access.sit,
    params: OlympiadParams,
    body: FinishBody,
    response: FinishResult,
    fastPath: ({ token, params, body }) => fast.finishFast(db, fastInput(token, params), lateFinish(body)),
    handler: async ({ actor, params, body }) => ({
      success: true as const,
      ...(await sitting.finish(db, actor, params.olympiadName, lateFinish(body))),
    }),
  });

  route(app, {
    method: 'POST',
    url: `${base}/feedback`,
    summary: 'Optional feedback after finishing (once)',
    tags,
    access: access.sit,
    params: OlympiadParams,
    body: FeedbackBody,
    response: Ok,
    handler: async ({ req, actor, params, body }) => {
      await sitting.feedback(db, actor, params.olympiadName, body);
      return done(req, 'api-learner.feedbackThanks');
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/queue`,
    summary:
      'A learner queued at sign-in (POST /api/auth/signin answered 202): their place and an estimate, by the pass ' +
      'they were given; once admitted they sign in again',
    tags,
    access: access.queue,
    params: OlympiadParams,
    query: QueueQuery,
    response: WaitingRoomPlace,
    handler: ({ params, query }) => queuePlace(db, room, app.config.appSecret, params.olympiadName, query.pass),
  });

  route(app, {
    method: 'POST',
    url: '/api/sitting/recover',
    summary: 'Sign in with the recovery PIN; answers a learner session like /api/auth/signin',
    tags,
    access: access.recover,
    body: RecoverBody,
    response: SessionUser,
    handler: async ({ req, body }) =>
      recover({ db, config: { ...app.config, limits: (await app.settings.get()).limits } }, req, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/participant-tracker',
    summary: 'The learner’s heartbeat: last seen, position and address changes',
    tags,
    access: access.view,
    query: OlympiadIdQuery,
    body: TrackerBody,
    response: TrackerResult,
    handler: ({ req, actor, query, body }) =>
      sitting.trackerBeat(db, actor, req, query.olympiadId, body.position ?? null),
  });

  await sittingAdminRoutes(app);
}

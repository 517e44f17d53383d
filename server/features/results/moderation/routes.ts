import type { FastifyInstance } from 'fastify';
import {
  AttemptIdParams,
  DecisionAnswer,
  DecisionBody,
  ModeratedPage,
  ModeratedQuery,
  ModerationComputeAnswer,
  ModerationSettingsAnswer,
  ModerationSummary,
  OlympiadIdParams,
  PairAnswer,
  PairQuery,
} from '#contract/moderation';
import { defaultModerationSettings, ModerationSettings } from '#contract/results';
import { route } from '../../../http/route.js';
import { isoOrNull } from '../../../platform/dates.js';
import { pageResult } from '../../../platform/paging.js';
import { resultsPolicy } from '../policy.js';
import { COMPUTE_JOB, computeFlags } from './compute.js';
import { decide } from './decide.js';
import { attemptLoader, olympiadLoader } from './load.js';
import { pairView } from './pair.js';
import { presentJob, presentModerated } from './present.js';
import { flagsOf, moderated, moderatedAttempt, summaryCounts } from './list-queries.js';
import { latestJob, saveSettings, settingsOf } from './compute-queries.js';
import { startComputation, startDueComputations } from './schedule.js';

const tags = ['moderation'];
const { access } = resultsPolicy;

/**
 * Moderation: the flags computed after the window (a background job, started on demand and
 * once by itself when the window has closed), the admin's decisions, `participant/api/moderated`. Every call is
 * the olympiad's admins' and the overlord's; another olympiad's records answer 404.
 */
export async function moderationRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, {
    method: 'GET',
    url: '/participant/api/moderated',
    summary:
      'The moderated attempts of an olympiad: flagged ones and those with a decision, with learner, school, flags ' +
      'and evidence, decision, who and when (paged; filter by state or flag kind; search by learner or school)',
    tags,
    access: access.moderate,
    query: ModeratedQuery,
    response: ModeratedPage,
    load: ({ actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'moderate'),
    handler: async ({ actor, query, record: olympiad }) => {
      const found = await moderated(db, olympiad.id, query);
      const flags = await flagsOf(
        db,
        found.map((r) => r.attemptId),
      );
      return pageResult(
        found.map((r) =>
          presentModerated(
            actor,
            r,
            flags.filter((f) => f.forAttempt === r.attemptId),
            olympiad.id,
          ),
        ),
        found[0]?.total ?? 0,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/moderation/pair',
    summary: 'Two attempts side by side for the evidence view: each answer as the learner saw it, the key, popularity',
    tags,
    access: access.moderate,
    query: PairQuery,
    response: PairAnswer,
    load: async ({ actor, query }) => {
      const a = await attemptLoader.load(db, actor, query.attemptA, 'moderate');
      const b = await attemptLoader.load(db, actor, query.attemptB, 'moderate');
      return { a, b };
    },
    handler: ({ record }) => pairView(db, record.a, record.b),
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/moderation/attempt/:attemptId',
    summary:
      'Decide on an attempt: cleared, adjusted (with the new score), disqualified, or reset (emptied: the learner ' +
      'writes again); a reason for all but cleared; audited with before and after',
    tags,
    access: access.moderate,
    params: AttemptIdParams,
    body: DecisionBody,
    response: DecisionAnswer,
    transaction: true,
    load: ({ db: tx, actor, params }) => attemptLoader.load(tx, actor, params.attemptId, 'moderate'),
    handler: async ({ db: tx, actor, body, record, audit }) => {
      const message = await decide(tx, actor, record.id, body, audit);
      const row = (await moderatedAttempt(tx, record.id))!;
      const flags = await flagsOf(tx, [record.id]);
      return {
        success: true as const,
        message,
        attempt: presentModerated(actor, row, flags, record.olympiadId),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/moderation/:olympiadId',
    summary:
      'Moderation summary: attempts flagged per kind and per decision, when the flags were last computed, the job',
    tags,
    access: access.moderate,
    params: OlympiadIdParams,
    response: ModerationSummary,
    load: ({ actor, params }) => olympiadLoader.load(db, actor, params.olympiadId, 'moderate'),
    handler: async ({ actor, record: olympiad }) => {
      const c = await summaryCounts(db, olympiad.id);
      const job = await latestJob(db, olympiad.id, COMPUTE_JOB);
      return {
        success: true as const,
        olympiadId: olympiad.id,
        finishedAttempts: c.finished,
        flagsComputedAt: isoOrNull(c.computedAt),
        flaggedAttempts: c.flagged,
        byKind: {
          similarity: c.similarity,
          fast_finish: c.fastFinish,
          ip_changes: c.ipChanges,
          concurrent_sessions: c.concurrentSessions,
        },
        byDecision: {
          undecided: c.undecided,
          cleared: c.cleared,
          adjusted: c.adjusted,
          disqualified: c.disqualified,
          reset: c.reset,
        },
        job: job && presentJob(job),
        can: resultsPolicy.flags(actor, olympiad, ['moderate', 'configure']),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/moderation/:olympiadId/compute',
    summary: 'Compute the olympiad’s flags now, as a background job (202; 409 while one runs); poll the summary',
    tags,
    access: access.moderate,
    params: OlympiadIdParams,
    response: ModerationComputeAnswer,
    transaction: true,
    load: ({ db: tx, actor, params }) => olympiadLoader.load(tx, actor, params.olympiadId, 'moderate'),
    handler: async ({ db: tx, actor, record: olympiad, reply }) => {
      const job = await startComputation(tx, olympiad.id, actor);
      app.jobs.kick();
      reply.status(202);
      return { success: true as const, message: 'Computing the flags', job: presentJob(job) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/moderation/:olympiadId/settings',
    summary: 'The olympiad’s moderation thresholds (and the defaults)',
    tags,
    access: access.configure,
    params: OlympiadIdParams,
    response: ModerationSettingsAnswer,
    load: ({ actor, params }) => olympiadLoader.load(db, actor, params.olympiadId, 'configure'),
    handler: async ({ record: olympiad }) => ({
      success: true as const,
      settings: await settingsOf(db, olympiad.id),
      defaults: defaultModerationSettings,
    }),
  });

  route(app, {
    method: 'PUT',
    url: '/olympiad/moderation/:olympiadId/settings',
    summary: 'Save the olympiad’s moderation thresholds (they apply when the flags are next computed)',
    tags,
    access: access.configure,
    params: OlympiadIdParams,
    body: ModerationSettings,
    response: ModerationSettingsAnswer,
    transaction: true,
    load: ({ db: tx, actor, params }) => olympiadLoader.load(tx, actor, params.olympiadId, 'configure'),
    handler: async ({ db: tx, body, record: olympiad, audit }) => {
      const before = await settingsOf(tx, olympiad.id);
      await saveSettings(tx, olympiad.id, body);
      await audit('moderation.settings', {
        entityId: olympiad.id,
        olympiadId: olympiad.id,
        data: { before, after: body },
      });
      return {
        success: true as const,
        message: 'The thresholds are saved; compute the flags again to apply them',
        settings: body,
        defaults: defaultModerationSettings,
      };
    },
  });

  app.jobs.register(COMPUTE_JOB, async ({ job, progress }) => {
    const payload = job.payload as { actor?: { userId: number; impersonatorId: number | null } | null };
    return computeFlags(db, job.olympiadId!, payload.actor ?? null, progress, job.id);
  });

  // Once an olympiad's window has closed, its flags are computed once by themselves (on the sitting sweep's tick;
  // whichever process takes the olympiad's results row first starts the job).
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    const seconds = app.config.sitting.sweepSeconds;
    if (!app.config.jobs.worker || seconds <= 0) return;
    let running = false;
    timer = setInterval(() => {
      if (running) return;
      running = true;
      startDueComputations(db)
        .then((n) => {
          if (n > 0) app.jobs.kick();
        })
        .catch((err: unknown) => app.log.warn({ err }, 'moderation: starting due computations failed'))
        .finally(() => {
          running = false;
        });
    }, seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

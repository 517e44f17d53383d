import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdText } from '#contract/ids';
import {
  PublishResult,
  ResultsOverview,
  ResultsPreview,
  ResultsPreviewBody,
  ResultsSettingsBody,
} from '#contract/results';
import { conflict } from '../../../http/errors.js';
import { route } from '../../../http/route.js';
import { isoOrNull } from '../../../platform/dates.js';
import { liveStandings } from '../compute.js';
import { resultsLoader, type ResultsOf } from '../load.js';
import { resultsPolicy } from '../policy.js';
import * as queries from '../queries.js';
import { distribution } from '../standings.js';
import { count } from '#contract/numbers';

const tags = ['results'];
const { access } = resultsPolicy;
const Params = z.strictObject({ olympiadId: IdText });

const windowClosed = (r: Pick<ResultsOf, 'endsAt'>, now = new Date()) => r.endsAt != null && r.endsAt <= now;

/**
 * The award rule and publishing: the settings, a preview of what a rule gives, publish (the
 * snapshot in learner_results, as a whole, in one transaction) and unpublish.
 */
export async function awardRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/olympiad/results/:olympiadId',
    summary:
      'An olympiad’s results: the award rule (or the default), top-schools N, when published, the attempts behind ' +
      'them (finished, marked, disqualified, counted) and whether the window is closed',
    tags,
    access: access.configure,
    params: Params,
    response: ResultsOverview,
    load: ({ db, actor, params }) => resultsLoader.load(db, actor, params.olympiadId, 'configure'),
    handler: async ({ db, record: r }) => {
      const [counts, snapshotRows] = await Promise.all([
        queries.counts(db, r.olympiadId),
        queries.snapshotRows(db, r.olympiadId),
      ]);
      return {
        success: true as const,
        olympiadId: r.olympiadId,
        awardRule: r.awardRule,
        defaultRule: r.defaultRule,
        topSchoolsBestN: r.bestN,
        publishedAt: isoOrNull(r.publishedAt),
        publishedBy: r.publishedAt ? r.publishedBy : null,
        snapshotRows,
        windowClosed: windowClosed(r),
        endsAt: isoOrNull(r.endsAt),
        counts,
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/olympiad/results/:olympiadId',
    summary: 'Save the award rule and top-schools N (published results change only when published again)',
    tags,
    access: access.configure,
    params: Params,
    body: ResultsSettingsBody,
    response: z.object({ success: z.literal(true), message: z.string() }),
    transaction: true,
    load: ({ db, actor, params }) => resultsLoader.load(db, actor, params.olympiadId, 'configure'),
    handler: async ({ db, body, record: r, audit }) => {
      await queries.saveSettings(db, r.olympiadId, body.awardRule, body.topSchoolsBestN);
      await audit('results.settings', {
        entityId: r.olympiadId,
        olympiadId: r.olympiadId,
        data: { from: { awardRule: r.savedAwardRule, topSchoolsBestN: r.topSchoolsBestN }, to: body },
      });
      return {
        success: true as const,
        message: r.publishedAt
          ? 'The award rule is saved; publish again to apply it to the published results'
          : 'The award rule is saved',
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/results/:olympiadId/preview',
    summary:
      'What an award rule (or the saved one) gives on the final scores now: per award the count and lowest score, ' +
      'overall and per grade, and a histogram of percents; nothing is stored',
    tags,
    access: access.configure,
    params: Params,
    body: ResultsPreviewBody,
    response: ResultsPreview,
    load: ({ db, actor, params }) => resultsLoader.load(db, actor, params.olympiadId, 'configure'),
    handler: async ({ db, body, record: r }) => {
      const rule = body.awardRule ?? r.awardRule;
      return { success: true as const, ...distribution(rule, await liveStandings(db, r.olympiadId, rule)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/results/:olympiadId/publish',
    summary:
      'Publish: compute the final scores, ranks and awards with the saved rule and write them as the olympiad’s ' +
      'snapshot (replacing an earlier one); learners and teachers see them from now. 409 before the window closes ' +
      'or while nothing is marked',
    tags,
    access: access.publish,
    params: Params,
    response: PublishResult,
    transaction: true,
    load: ({ db, actor, params }) => resultsLoader.load(db, actor, params.olympiadId, 'publish'),
    handler: async ({ db, actor, record: r, audit }) => {
      if (!windowClosed(r))
        throw conflict(
          r.endsAt
            ? 'The writing window has not closed yet: results are published after it closes'
            : 'The olympiad has no end to its writing window: set it, and publish after it closes',
        );
      await queries.lockForPublishing(db, r.olympiadId);
      const list = await liveStandings(db, r.olympiadId, r.awardRule);
      if (!list.length) throw conflict('No attempt is finished and marked yet: there is nothing to publish');
      await queries.replaceSnapshot(db, r.olympiadId, list);
      const publishedAt = await queries.setPublished(db, r.olympiadId, actor.userId);
      const awards: Record<string, number> = {};
      for (const s of list) awards[s.award] = (awards[s.award] ?? 0) + 1;
      await audit('results.publish', {
        entityId: r.olympiadId,
        olympiadId: r.olympiadId,
        data: { rows: list.length, awards, awardRule: r.awardRule, republished: r.publishedAt != null },
      });
      const again = r.publishedAt != null ? ' again' : '';
      return {
        success: true as const,
        message: `The results of ${count(list.length, 'learner')} are published${again}`,
        publishedAt: isoOrNull(publishedAt),
        rows: list.length,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/results/:olympiadId/unpublish',
    summary:
      'Withdraw the published results: teachers and learners no longer see them (the snapshot and any ' +
      'certificates stay). 409 when they are not published',
    tags,
    access: access.publish,
    params: Params,
    response: PublishResult,
    transaction: true,
    load: ({ db, actor, params }) => resultsLoader.load(db, actor, params.olympiadId, 'publish'),
    handler: async ({ db, record: r, audit }) => {
      if (r.publishedAt == null) throw conflict('The results of this olympiad are not published');
      await queries.setPublished(db, r.olympiadId, null);
      const rows = await queries.snapshotRows(db, r.olympiadId);
      await audit('results.unpublish', {
        entityId: r.olympiadId,
        olympiadId: r.olympiadId,
        data: { publishedAt: isoOrNull(r.publishedAt) },
      });
      return {
        success: true as const,
        message: 'The results are withdrawn: teachers and learners no longer see them',
        publishedAt: null,
        rows,
      };
    },
  });
}

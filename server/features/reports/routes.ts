import type { FastifyInstance } from 'fastify';
import { IdParams } from '#contract/ids';
import {
  DashboardUser,
  DashboardUserQuery,
  FeedbackQuery,
  FeedbackReport,
  FeedbackSchools,
  GraphData,
  GraphDataBody,
  QuestionsByLanguageReport,
  ReportFormatQuery,
  ReportOverview,
} from '#contract/reports';
import { checkGrade, forbidden, notFound } from '../../http/errors.js';
import { passes } from '../../http/policy.js';
import { type Reach, reach, reachFor } from '../../http/reach.js';
import { route } from '../../http/route.js';
import { isoOrNull } from '../../platform/dates.js';
import { keyedRefreshingCache } from '../../platform/refreshing.js';
import { sendDownload } from '../../platform/xlsx.js';
import { feedbackSheets, graphSheets, overviewSheets } from './exports.js';
import { reportOlympiadLoader } from './load.js';
import { reportsPolicy } from './policy.js';
import { presentFeedback } from './present.js';
import { questionsByLanguage } from './question-languages.js';
import { readGraphData, readOverview } from './read.js';
import * as queries from './queries.js';

const tags = ['reports'];
const { access } = reportsPolicy;

const sectionAccess = {
  overlord: access.dashboardOverlord,
  admin: access.dashboardAdmin,
  finance: access.dashboardFinance,
  funding: access.dashboardFunding,
} as const;

/**
 * The overviews, graph data, feedback report and the landing pages' user data (docs/spec.md §2 reports/overview
 * and reports/feedback, /overlord/overview; §7; decision 038). Each answers JSON, or with `?format=csv|xlsx` the
 * same figures as a download. Another olympiad answers 404.
 */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  // The overviews and graph data are aggregates over a whole olympiad: read at most once per REPORT_REFRESH_SECONDS
  // per process and reach, whatever the number of readers (decision 038).
  const refreshMs = app.config.reports.refreshSeconds * 1000;
  const onError = (err: unknown) => app.log.warn({ err }, 'report figures could not be refreshed');
  const overviews = keyedRefreshingCache((r: Reach) => readOverview(app.db, r), refreshMs, onError);
  const graphs = keyedRefreshingCache(
    (k: { olympiadId: number; examDay: string | null }) => readGraphData(app.db, k.olympiadId, k.examDay),
    refreshMs,
    onError,
  );

  route(app, {
    method: 'POST',
    url: '/olympiad/reports/overview/:id',
    tags,
    access: access.read,
    summary:
      'One olympiad at a glance: schools entered, learners loaded, not started, writing now, finished, invoiced and paid, mail; by day',
    params: IdParams,
    query: ReportFormatQuery,
    heavy: ({ query }) => query.format !== 'json',
    response: ReportOverview,
    load: ({ db, actor, params }) => reportOlympiadLoader.load(db, actor, params.id, 'read'),
    handler: async ({ query, reply, record: o }) => {
      const { value, at } = await overviews.get({ olympiads: [o.id], schoolId: null });
      const answer = {
        success: true as const,
        olympiad: { id: o.id, varName: o.varName, title: o.title },
        figures: value.figures,
        olympiads: [],
        overTime: value.overTime,
        asOf: at.toISOString(),
      };
      if (query.format === 'json') return answer;
      return sendDownload(reply, query.format, `overview-${o.varName}`, overviewSheets(answer));
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/reports/overview',
    tags,
    access: access.readAll,
    summary: 'Every olympiad at a glance (the overlord): the figures together, per olympiad, and by day',
    query: ReportFormatQuery,
    heavy: ({ query }) => query.format !== 'json',
    response: ReportOverview,
    handler: async ({ actor, query, reply }) => {
      const { value, at } = await overviews.get(reach(actor, access.readAll));
      const answer = { success: true as const, olympiad: null, ...value, asOf: at.toISOString() };
      if (query.format === 'json') return answer;
      return sendDownload(reply, query.format, 'overview-all-olympiads', overviewSheets(answer));
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/reports/graph-data/:id',
    tags,
    access: access.read,
    summary:
      'The admin’s charts: registrations by day, learners by province and grade, starts per minute on the exam day, scores',
    params: IdParams,
    query: ReportFormatQuery,
    heavy: ({ query }) => query.format !== 'json',
    body: GraphDataBody,
    response: GraphData,
    load: ({ db, actor, params }) => reportOlympiadLoader.load(db, actor, params.id, 'read'),
    handler: async ({ query, body, reply, record: o }) => {
      const { value, at } = await graphs.get({ olympiadId: o.id, examDay: body.examDay ?? null });
      const answer = { success: true as const, ...value, asOf: at.toISOString() };
      if (query.format === 'json') return answer;
      return sendDownload(reply, query.format, `graph-data-${o.varName}`, graphSheets(answer));
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/reports/questions-by-language/:id',
    tags,
    access: access.read,
    summary:
      'Each question’s share with full marks in each language the olympiad offers, flagging a difference beyond chance (a likely translation fault)',
    params: IdParams,
    response: QuestionsByLanguageReport,
    load: ({ db, actor, params }) => reportOlympiadLoader.load(db, actor, params.id, 'read'),
    handler: ({ db, record: o }) => questionsByLanguage(db, o),
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/reports/feedback/:id',
    tags,
    access: access.read,
    summary:
      'The learners’ feedback: ratings and comments, newest first, by school, grade, rating or only with a comment; paged',
    params: IdParams,
    query: FeedbackQuery,
    heavy: ({ query }) => query.format !== 'json',
    response: FeedbackReport,
    load: ({ db, actor, params }) => reportOlympiadLoader.load(db, actor, params.id, 'read'),
    handler: async ({ db, query, reply, record: o }) => {
      checkGrade(o, query.grade, 'query.grade');
      if (query.format !== 'json') {
        const all = await queries.feedback(db, o.id, query);
        return sendDownload(reply, query.format, `feedback-${o.varName}`, feedbackSheets(all.map(presentFeedback)));
      }
      const [found, ratings] = await Promise.all([
        queries.feedback(db, o.id, query, query),
        queries.feedbackRatings(db, o.id, query),
      ]);
      const rated = ratings.filter((r) => r.rating != null);
      const ratedCount = rated.reduce((s, r) => s + Number(r.learners), 0);
      const byRating = new Map(ratings.map((r) => [r.rating, Number(r.learners)]));
      const responses = ratings.reduce((s, r) => s + Number(r.learners), 0);
      return {
        success: true as const,
        items: found.map(presentFeedback),
        total: query.rating != null ? (byRating.get(query.rating) ?? 0) : responses,
        page: query.page,
        pageSize: query.pageSize,
        ratings: [1, 2, 3, 4, 5, null].map((rating) => ({ rating, learners: byRating.get(rating) ?? 0 })),
        average: ratedCount
          ? Math.round((rated.reduce((s, r) => s + Number(r.rating) * Number(r.learners), 0) / ratedCount) * 100) / 100
          : null,
        responses,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/reports/feedback/:id/schools',
    tags,
    access: access.read,
    summary: 'The schools entered in the olympiad, by name: the feedback report’s school filter',
    params: IdParams,
    response: FeedbackSchools,
    load: ({ db, actor, params }) => reportOlympiadLoader.load(db, actor, params.id, 'read'),
    handler: async ({ db, record: o }) => ({ success: true as const, schools: await queries.enteredSchools(db, o.id) }),
  });

  route(app, {
    method: 'GET',
    url: '/dashboard/user',
    tags,
    access: access.dashboard,
    summary: 'Who is signed in (name, role, the sign-in before this one) and the olympiads their section reaches',
    query: DashboardUserQuery,
    response: DashboardUser,
    load: async ({ db, actor, query }) =>
      query.olympiadId != null ? reportOlympiadLoader.load(db, actor, query.olympiadId, 'dashboard') : null,
    handler: async ({ db, actor, query }) => {
      if (!passes(sectionAccess[query.section], actor)) throw forbidden('This section is not yours');
      const seen = reachFor(actor, sectionAccess[query.section], query.olympiadId);
      if (!seen) throw notFound(reportOlympiadLoader.what);
      const [user, olympiads] = await Promise.all([
        queries.dashboardUser(db, actor.userId, actor.sessionId),
        queries.dashboardOlympiads(db, seen, actor.userId),
      ]);
      return {
        success: true as const,
        section: query.section,
        user: {
          id: actor.userId,
          name: [user?.firstName, user?.lastName].filter(Boolean).join(' ') || actor.username,
          role: actor.role,
          email: user?.email ?? null,
          previousSignInAt: isoOrNull(user?.previous),
        },
        olympiads: olympiads.map((o) => ({
          id: o.id,
          varName: o.varName,
          title: o.title,
          role: o.role ?? actor.role,
          startsAt: isoOrNull(o.startsAt),
          endsAt: isoOrNull(o.endsAt),
        })),
      };
    },
  });
}

import { z } from 'zod';
import { pageOf, PageQuery } from './errors.js';
import { IdText } from './ids.js';
import { IsoInstant } from './time.js';

/**
 * The overlord's search, activity log, app log and learner login activity (decision 037).
 */

// ---- Search: GET /api/search/?q&kind&page&pageSize ----

export const searchKinds = ['learner', 'school', 'teacher', 'olympiad', 'eoi', 'email'] as const;
export const SearchKind = z.enum(searchKinds);
export type SearchKind = z.infer<typeof SearchKind>;

export const SearchQuery = z.strictObject({
  q: z.string().trim().min(3, 'Type at least 3 characters').max(100, 'Type at most 100 characters'),
  kind: SearchKind.optional(),
  page: z.coerce.number().int().min(1).max(100).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type SearchQuery = z.input<typeof SearchQuery>;

/** One thing found, with the screen that shows it. */
export const SearchHit = z.object({
  kind: SearchKind,
  id: z.number().int(),
  title: z.string(),
  detail: z.string(),
  /** The web page that shows it (a path of the web app). */
  href: z.string(),
  /** 1 for an exact match, less for a partial or similar one. */
  rank: z.number(),
});
export type SearchHit = z.infer<typeof SearchHit>;
export const SearchPage = pageOf(SearchHit);

// ---- Time windows: the activity log and learner login activity ----

/**
 * How long a window lasts: from `startDate` when given, else up to now. `all`: no limit (the activity log).
 */
export const timeWindows = ['hour', 'day', 'week', 'month', 'year', 'all'] as const;
export const TimeWindow = z.enum(timeWindows);
export type TimeWindow = z.infer<typeof TimeWindow>;

/** A start: a date (midnight South African time) or an instant with its offset. */
export const StartDate = z.union([z.iso.date({ message: 'Use a date, e.g. 2026-09-01' }), IsoInstant]);

export const exportFormats = ['json', 'csv', 'xlsx'] as const;
const Format = z.enum(exportFormats).default('json');

// ---- Activity log: GET /api/activity-log/?startDate&userId&email&timeWindow ----

export const ActivityLogQuery = PageQuery.pick({ page: true, pageSize: true })
  .extend({
    startDate: StartDate.optional(),
    timeWindow: TimeWindow.default('all'),
    /** Who did it (or who was acting as someone): a user's id. */
    userId: IdText.optional(),
    /** Who did it, by their address (exact, any case). */
    email: z.string().trim().max(200).optional(),
    /** An action (`school.update`) or the start of one (`school.`). */
    action: z.string().trim().max(60).optional(),
    /** The kind of record (`school`) and, optionally, its id. */
    entity: z.string().trim().max(60).optional(),
    entityId: z.string().trim().max(60).optional(),
    /** Words anywhere in the change (its before and after). */
    search: z.string().trim().max(200).optional(),
    format: Format,
  })
  .strict();
export type ActivityLogQuery = z.input<typeof ActivityLogQuery>;

export const ActivityPerson = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  role: z.string(),
});
export type ActivityPerson = z.infer<typeof ActivityPerson>;

export const ActivityEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  olympiadId: z.number().int().nullable(),
  olympiadName: z.string().nullable(),
  actor: ActivityPerson.nullable(),
  /** Set when the actor was acting as someone: the person who really did it. */
  impersonator: ActivityPerson.nullable(),
  ip: z.string().nullable(),
  /** The record before the change, when the change recorded it. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** What the change set (or the whole record after it). */
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;
export const ActivityLogPage = pageOf(ActivityEntry);

// ---- App log: GET /api/app-log/keys, GET /api/app-log/all?key ----

export const appLogLevels = ['warn', 'error', 'fatal'] as const;

export const AppLogKey = z.object({
  key: z.string(),
  count: z.number().int(),
  errors: z.number().int(),
  lastAt: z.string(),
});
export type AppLogKey = z.infer<typeof AppLogKey>;
export const AppLogKeys = z.object({ success: z.literal(true), items: z.array(AppLogKey) });

export const AppLogQuery = PageQuery.pick({ page: true, pageSize: true })
  .extend({
    key: z.string().trim().min(1).max(200).optional(),
    level: z.enum(appLogLevels).optional(),
    /** Words in the message (any part, any case). */
    search: z.string().trim().max(200).optional(),
    /** One request's entries. */
    reqId: z.string().trim().max(64).optional(),
  })
  .strict();
export type AppLogQuery = z.input<typeof AppLogQuery>;

export const AppLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  level: z.enum(appLogLevels),
  key: z.string(),
  message: z.string(),
  reqId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type AppLogEntry = z.infer<typeof AppLogEntry>;
export const AppLogPage = pageOf(AppLogEntry);

// ---- Learner login activity: GET /api/learner-login-activity/ ----

export const LoginActivityQuery = PageQuery.pick({ page: true, pageSize: true })
  .extend({
    olympiadId: IdText.optional(),
    schoolId: IdText.optional(),
    startDate: StartDate.optional(),
    timeWindow: TimeWindow.exclude(['all', 'year']).default('week'),
    format: Format,
  })
  .strict();
export type LoginActivityQuery = z.input<typeof LoginActivityQuery>;

export const LoginActivityPoint = z.object({
  at: z.string(),
  signins: z.number().int(),
  failures: z.number().int(),
});
export type LoginActivityPoint = z.infer<typeof LoginActivityPoint>;

export const LoginActivityRow = z.object({
  olympiadId: z.number().int(),
  olympiadName: z.string(),
  olympiadTitle: z.string(),
  schoolId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  signins: z.number().int(),
  failures: z.number().int(),
  lastAt: z.string().nullable(),
});
export type LoginActivityRow = z.infer<typeof LoginActivityRow>;

export const LoginActivityPage = pageOf(LoginActivityRow).extend({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['hour', 'day']),
  series: z.array(LoginActivityPoint),
  totals: z.object({ signins: z.number().int(), failures: z.number().int() }),
});
export type LoginActivityPage = z.infer<typeof LoginActivityPage>;

import { authRoutes } from '../features/auth/routes.js';
import { certificatesRoutes } from '../features/certificates/routes.js';
import { contentRoutes } from '../features/content/routes.js';
import { countriesRoutes } from '../features/countries/routes.js';
import { financeRoutes } from '../features/finance/routes.js';
import { jobsRoutes } from '../features/jobs/routes.js';
import { learnersRoutes } from '../features/learners/routes.js';
import { logsRoutes } from '../features/logs/routes.js';
import { mailRoutes } from '../features/mail/routes.js';
import { olympiadsRoutes } from '../features/olympiads/routes.js';
import { overlordRoutes } from '../features/overlord/routes.js';
import { portalRoutes } from '../features/portal/routes.js';
import { publicRoutes } from '../features/public/routes.js';
import { questionsRoutes } from '../features/questions/routes.js';
import { reportsRoutes } from '../features/reports/routes.js';
import { resultsRoutes } from '../features/results/routes.js';
import { schoolsRoutes } from '../features/schools/routes.js';
import { sittingRoutes } from '../features/sitting/routes.js';
import { teachersRoutes } from '../features/teachers/routes.js';
import { usersRoutes } from '../features/users/routes.js';
import type { AppRoute, Layout } from '../lib/routing/index.js';

/**
 * The route table: every page of docs/spec.md §2 as data (path, access, title, feature, layout). The router,
 * the guards and the sidebars read it; tests can enumerate it.
 *
 * Our reading of docs/spec.md §2 for the olympiad staff area: /{olympiadName}/ has three sections, admin/,
 * finance/ and funding/. A page listed "with aliases under finance and funding" exists at the same
 * sub-path in each of those sections, with the same roles; /{o}/admin/finance/* and /{o}/admin/funding/*
 * redirect to /{o}/finance/* and /{o}/funding/* (see `staffAreaRedirects`).
 */
export const appRoutes: readonly AppRoute[] = [
  ...publicRoutes,
  ...portalRoutes,
  ...authRoutes,
  ...mailRoutes,
  ...overlordRoutes,
  ...logsRoutes,
  ...usersRoutes,
  ...reportsRoutes,
  ...jobsRoutes,
  ...financeRoutes,
  ...olympiadsRoutes,
  ...questionsRoutes,
  ...learnersRoutes,
  ...schoolsRoutes,
  ...countriesRoutes,
  ...teachersRoutes,
  ...contentRoutes,
  ...resultsRoutes,
  ...certificatesRoutes,
  ...sittingRoutes,
];

/** Old links into the admin section that now live in their own sections. */
export const staffAreaRedirects = [
  { path: '/:olympiadName/admin/finance/*', to: 'finance' },
  { path: '/:olympiadName/admin/funding/*', to: 'funding' },
] as const;

export function routesOfLayout(layout: Layout): AppRoute[] {
  return appRoutes.filter((route) => route.layout === layout);
}

/** Sidebar groups of the olympiad staff area, in order. */
export const staffNavGroups = [
  'Overview',
  'Olympiad',
  'Schools and people',
  'Copy and files',
  'Mail',
  'Reports',
  'Results',
];

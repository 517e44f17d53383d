import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const FeedbackRoute = pageChunk(() => import('./pages/ReportsOverviewRoute.js'), 'FeedbackRoute');
const ReportsOverviewRoute = pageChunk(() => import('./pages/ReportsOverviewRoute.js'), 'ReportsOverviewRoute');
const StartTimesPage = pageChunk(() => import('./pages/StartTimesPage.js'), 'StartTimesPage');
const QuestionsByLanguagePage = pageChunk(
  () => import('./pages/QuestionsByLanguagePage.js'),
  'QuestionsByLanguagePage',
);

const admin = (sub: string, title: string, summary: string, page?: AppRoute['page']) =>
  staffPage(sections.admin, {
    sub,
    title,
    summary,
    page,
    feature: 'reports',
    nav: 'Reports',
    access: staffAccess.admin,
  });

export const reportsRoutes: AppRoute[] = [
  ...staffPage(sections.admin, {
    sub: 'reports/overview',
    title: 'Overview',
    feature: 'reports',
    nav: 'Overview',
    access: staffAccess.admin,
    page: ReportsOverviewRoute,
    summary: 'The olympiad at a glance: schools, learners, sittings, payments and mail, with charts.',
  }),
  ...admin(
    'reports/feedback',
    'Feedback',
    'What learners said about the olympiad when they finished: ratings and comments.',
    FeedbackRoute,
  ),
  ...admin(
    'reports/start-times',
    'Start times',
    'When each learner started writing, who is writing and who has finished.',
    StartTimesPage,
  ),
  ...admin(
    'reports/questions-by-language',
    'Questions by language',
    'Each question’s share correct in English and in Afrikaans, flagging a difference beyond chance (a likely translation fault).',
    QuestionsByLanguagePage,
  ),
];

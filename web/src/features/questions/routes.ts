import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';

const admin = (sub: string, title: string, summary: string) =>
  staffPage(sections.admin, { sub, title, summary, feature: 'questions', nav: 'Olympiad', access: staffAccess.admin });

export const questionsRoutes: AppRoute[] = [
  ...admin('edit/question-modules', 'Question modules', 'The modules of the olympiad, in writing order, with their time limits, will be edited here.'),
  ...admin('edit/questions', 'Questions', 'Questions, their answer options and images will be written and verified here.'),
];

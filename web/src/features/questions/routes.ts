import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const QuestionModulesPage = pageChunk(() => import('./pages/QuestionModulesPage.js'), 'QuestionModulesPage');
const QuestionsByDifficultyPage = pageChunk(
  () => import('./pages/QuestionsByDifficultyPage.js'),
  'QuestionsByDifficultyPage',
);
const QuestionsPage = pageChunk(() => import('./pages/QuestionsPage.js'), 'QuestionsPage');
const VerifyQuestionsPage = pageChunk(() => import('./pages/VerifyQuestionsPage.js'), 'VerifyQuestionsPage');

const admin = (sub: string, title: string, nav: string, summary: string, page: AppRoute['page']) =>
  staffPage(sections.admin, { sub, title, summary, page, feature: 'questions', nav, access: staffAccess.admin });

export const questionsRoutes: AppRoute[] = [
  ...admin(
    'edit/question-modules',
    'Question modules',
    'Olympiad',
    'The modules of the olympiad, in writing order.',
    QuestionModulesPage,
  ),
  ...admin(
    'edit/questions',
    'Questions',
    'Olympiad',
    'Questions, their answers and images; preview as a learner.',
    QuestionsPage,
  ),
  ...admin(
    'reports/questions-by-difficulty',
    'Questions by difficulty',
    'Reports',
    'Which questions were hard, which were broken.',
    QuestionsByDifficultyPage,
  ),
  ...admin(
    'reports/verify-questions',
    'Verify questions',
    'Reports',
    'A second admin verifies every question.',
    VerifyQuestionsPage,
  ),
];

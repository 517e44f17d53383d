import type { AppRoute } from '../../lib/routing/index.js';

function learner(sub: string, title: string, summary: string, lazyPage: AppRoute['lazyPage']): AppRoute {
  return {
    id: `sitting.${sub.replaceAll('/', '.').replaceAll(':', '')}`,
    path: `/:olympiadName/olympiad/${sub}`,
    layout: 'learner',
    access: ['learner'],
    feature: 'sitting',
    title,
    summary,
    lazyPage,
  };
}

const paper = () => import('./pages/PaperPage.js');

/** The learner's flow (docs/spec.md §2) as its own bundle; every page first asks the server for the real step. */
export const sittingRoutes: AppRoute[] = [
  learner(
    'instructions',
    'Instructions',
    'How the olympiad works, before you start.',
    () => import('./pages/InstructionsPage.js'),
  ),
  learner(
    'declaration',
    'Declaration',
    'Your promise to write on your own, without help.',
    () => import('./pages/DeclarationPage.js'),
  ),
  learner(
    'recovery-pin',
    'Recovery PIN',
    'A PIN that lets you carry on if you lose your session.',
    () => import('./pages/RecoveryPinPage.js'),
  ),
  learner(
    'learner-details',
    'Your details',
    'Check your name and grade before you start.',
    () => import('./pages/LearnerDetailsPage.js'),
  ),
  learner('summary', 'Check and hand in', 'What is unanswered or flagged, before you hand in.', paper),
  learner(':moduleIndex/intro', 'Section', 'The section’s introduction, before its first question.', paper),
  learner(
    ':moduleIndex/:questionIndex',
    'Question',
    'The olympiad’s questions, one at a time, saved as you go.',
    paper,
  ),
  {
    ...learner(
      'finished',
      'Finished',
      'Your answers are in; tell us what you thought.',
      () => import('./pages/FinishedPage.js'),
    ),
    access: 'signed-in',
  },
];

/** The learner shell's header switch between the olympiad's languages (decision 091). */
export { HeaderLanguage } from './language/HeaderLanguage.js';

import type { AppRoute } from '../../lib/routing/index.js';

const placeholder = () => import('./pages/SittingPlaceholderPage.js');

function learner(sub: string, title: string, summary: string, lazyPage: AppRoute['lazyPage'] = placeholder): AppRoute {
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

/** The learner's flow (spec §2), loaded as its own bundle. */
export const sittingRoutes: AppRoute[] = [
  learner('instructions', 'Instructions', 'How the olympiad works, before you start.', () => import('./pages/InstructionsPage.js')),
  learner('declaration', 'Declaration', 'Here you will promise to write on your own, without help.'),
  learner('recovery-pin', 'Recovery PIN', 'Here you will get a PIN that lets you carry on if you lose your session.'),
  learner('learner-details', 'Your details', 'Here you will check your name, grade and school before you start.'),
  learner(':moduleIndex/:questionIndex', 'Question', 'The olympiad’s questions will be answered here, one at a time, saved as you go.'),
  { ...learner('finished', 'Finished', 'Here you will see that your answers are in, and may leave feedback.'), access: 'signed-in' },
];

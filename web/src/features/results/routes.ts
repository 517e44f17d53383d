import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { ModerationPage } from './pages/ModerationPage.js';

export const resultsRoutes: AppRoute[] = staffPage(sections.admin, {
  sub: 'results/moderation',
  title: 'Moderation',
  feature: 'results',
  nav: 'Results',
  access: staffAccess.admin,
  summary:
    'Flagged attempts (identical answers, too fast, many address changes) with their evidence: clear, adjust, disqualify or reset.',
  page: ModerationPage,
});

import { queryKeys } from '../../../lib/api/index.js';

/** The public site's query keys (lib/public-api holds the project and olympiad reads the shells share). */
export const publicKeys = queryKeys('public', {
  faqs: (projectName: string) => [projectName],
  websiteCopy: (projectName: string) => [projectName],
  siteCopy: () => [],
  testimonials: () => [],
  terms: () => [],
  pastOlympiads: (projectName: string, page: number) => [projectName, page],
  pastWinners: (projectName: string, page: number) => [projectName, page],
  watch: () => [],
});

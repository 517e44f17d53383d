import { queryKeys } from '../../../lib/api/index.js';
import { olympiadCheckKeys } from '../../../components/OlympiadCheck.js';

/** The question authoring's query keys: the paper (modules with questions and keys) and the difficulty report. */
export const paperKeys = queryKeys('paper', {
  modules: (olympiadId: number) => [olympiadId],
  difficulty: (olympiadId: number | null, grade: number | null = null) => [olympiadId, grade],
  /** The languages the olympiad offers (its default and the others the paper is translated into). */
  languages: (olympiadName: string) => ['languages', olympiadName],
});

/** What a change to the paper refetches: the paper, its report and the olympiad check (what blocks opening). */
export const paperChanged = [paperKeys.all, olympiadCheckKeys.all] as const;

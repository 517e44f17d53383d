import { queryKeys } from '../../../lib/api/index.js';

/** The learner's sitting's query keys, per olympiad; `sittingKeys.all` refetches the whole sitting. */
export const sittingKeys = queryKeys('sitting', {
  state: (olympiadName: string) => [olympiadName],
  paper: (olympiadName: string) => [olympiadName],
  waiting: (olympiadName: string) => [olympiadName],
  myResult: (olympiadId: number) => [olympiadId],
});

export function sittingPath(olympiadName: string, rest: string): string {
  return `/api/sitting/${encodeURIComponent(olympiadName)}/${rest}`;
}

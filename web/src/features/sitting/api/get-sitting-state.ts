import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SittingState } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { sittingKeys, sittingPath } from './keys.js';

/** GET /api/sitting/{o}/state: where the learner really is. Every learner page asks it first. */
export function getSittingState(olympiadName: string, signal?: AbortSignal): Promise<SittingState> {
  return api.get<SittingState>(sittingPath(olympiadName, 'state'), { signal });
}

export function sittingStateQuery(olympiadName: string) {
  return queryOptions({
    queryKey: sittingKeys.state(olympiadName),
    queryFn: ({ signal }) => getSittingState(olympiadName, signal),
    // Always asked afresh when a page opens: the server decides the step.
    staleTime: 0,
  });
}

export function useSittingState(olympiadName: string) {
  return useQuery(sittingStateQuery(olympiadName));
}

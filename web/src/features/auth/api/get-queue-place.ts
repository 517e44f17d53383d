import { useQuery } from '@tanstack/react-query';
import { WaitingRoomPlace, type SigninQueued } from '#contract/index';
import { api, isApiError } from '../../../lib/api/index.js';
import { pollInterval, signinQueuePace } from '../../../lib/waiting.js';
import { authKeys } from './keys.js';

/**
 * GET /api/sitting/{o}/queue?pass: the place of a learner queued at sign-in (decision 053). Public: the pass the
 * sign-in gave names the olympiad, the learner and their place, and grants nothing else.
 */
export function getQueuePlace(olympiadName: string, pass: string, signal?: AbortSignal): Promise<WaitingRoomPlace> {
  return api.get(`/api/sitting/${encodeURIComponent(olympiadName)}/queue`, {
    query: { pass },
    schema: WaitingRoomPlace,
    on401: 'ignore',
    signal,
  });
}

/** A pass the server does not take (or an olympiad it does not know) stays refused: asking again will not help. */
export const isRefusedPass = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/**
 * Polled while a learner waits to sign in. It starts from the place the sign-in answered (no read at once), and
 * pauses while `paused` (the page signs in again once admitted).
 */
export function useQueuePlace(olympiadName: string, queued: SigninQueued, { paused }: { paused: boolean }) {
  return useQuery({
    queryKey: authKeys.queue(olympiadName, queued.pass),
    queryFn: ({ signal }) => getQueuePlace(olympiadName, queued.pass, signal),
    initialData: (): WaitingRoomPlace => ({
      success: true,
      admitted: false,
      position: queued.position,
      estimateSeconds: queued.estimateSeconds,
    }),
    // The sign-in's answer is fresh: the first read waits for the first interval.
    staleTime: Infinity,
    gcTime: 0,
    enabled: !paused,
    refetchInterval: (query) =>
      isRefusedPass(query.state.error) ? false : pollInterval(query.state.data?.estimateSeconds, signinQueuePace),
    refetchIntervalInBackground: true,
  });
}

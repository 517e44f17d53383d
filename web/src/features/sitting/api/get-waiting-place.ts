import { useQuery } from '@tanstack/react-query';
import type { WaitingRoomPlace } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { pollInterval, waitingRoomPace } from '../../../lib/waiting.js';
import { sittingKeys, sittingPath } from './keys.js';

/** GET /api/sitting/{o}/waiting-room: the learner's place in the waiting room (one cheap read on the server). */
export function getWaitingPlace(olympiadName: string, signal?: AbortSignal): Promise<WaitingRoomPlace> {
  return api.get<WaitingRoomPlace>(sittingPath(olympiadName, 'waiting-room'), { signal });
}

/**
 * Polled while the learner waits: more often near the front of the queue, never more than every 3 s, and at
 * least every 15 s (decision 041).
 */
export function useWaitingPlace(olympiadName: string) {
  return useQuery({
    queryKey: sittingKeys.waiting(olympiadName),
    queryFn: ({ signal }) => getWaitingPlace(olympiadName, signal),
    staleTime: 0,
    refetchInterval: (query) => pollInterval(query.state.data?.estimateSeconds, waitingRoomPace),
    refetchIntervalInBackground: true,
  });
}

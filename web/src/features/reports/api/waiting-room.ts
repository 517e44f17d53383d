import { useMutation, useQuery } from '@tanstack/react-query';
import { WaitingRoomStatus } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { reportKeys } from './keys.js';

/** How often the waiting room's figures refresh while the page is visible. */
export const WAITING_ROOM_INTERVAL_MS = 5_000;

/** GET /api/sitting-waiting-room?olympiadId: learners waiting now, admitted so far, admissions a second. */
export function useWaitingRoom(olympiadId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.waitingRoom(olympiadId),
    queryFn: ({ signal }) =>
      api.get('/api/sitting-waiting-room', { query: { olympiadId }, schema: WaitingRoomStatus, signal }),
    enabled: olympiadId !== undefined,
    refetchInterval: WAITING_ROOM_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}

/** PUT /api/sitting-waiting-room?olympiadId: the olympiad's own admissions a second (null: the server's). */
export const setAdmissionRate = ({
  olympiadId,
  admissionsPerSecond,
}: {
  olympiadId: number;
  admissionsPerSecond: number | null;
}) =>
  api.put('/api/sitting-waiting-room', {
    query: { olympiadId },
    body: { admissionsPerSecond },
    schema: WaitingRoomStatus,
  });

export const useSetAdmissionRate = () =>
  useMutation({
    mutationFn: setAdmissionRate,
    meta: { success: 'The admissions a second are saved.', invalidates: [reportKeys.all] },
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paper } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { keepPaper, ownerOf, storedPaper, unreachable } from '../outbox/paper-store.js';
import type { OpenedPaper } from '../outbox/snapshot.js';
import { sittingKeys, sittingPath } from './keys.js';

/**
 * GET /api/sitting/{o}/paper: the questions (no keys) and the saved answers; the first call starts the timer. The
 * paper is kept on the device as it arrives; when the server cannot be reached, the kept copy opens instead, with
 * the deadline and clock offset of the last contact (outbox/paper-store.ts).
 */
export async function openPaper(olympiadName: string, signal?: AbortSignal): Promise<OpenedPaper> {
  const owner = ownerOf(olympiadName);
  try {
    const paper = await api.get<Paper>(sittingPath(olympiadName, 'paper'), { signal });
    const receivedAt = Date.now();
    if (owner) await keepPaper(owner, paper, receivedAt);
    return {
      paper,
      deadlineAt: Date.parse(paper.deadlineAt),
      clockOffset: Date.parse(paper.serverNow) - receivedAt,
      onDevice: false,
    };
  } catch (error) {
    const kept = owner && unreachable(error) ? await storedPaper(owner) : undefined;
    if (!kept) throw error;
    return {
      paper: kept.paper,
      deadlineAt: kept.deadlineAt ?? Date.parse(kept.paper.deadlineAt),
      clockOffset: kept.clockOffset,
      onDevice: true,
    };
  }
}

export function paperQuery(olympiadName: string) {
  return queryOptions({
    queryKey: sittingKeys.paper(olympiadName),
    queryFn: ({ signal }) => openPaper(olympiadName, signal),
    // Loaded once per visit; answers live in the page's own store from then on.
    staleTime: Infinity,
    // Asked even when the browser says it is offline: the device's copy answers then (a paused query never would).
    networkMode: 'always',
    gcTime: Infinity,
    retry: 3,
  });
}

export function usePaper(olympiadName: string, enabled: boolean) {
  return useQuery({ ...paperQuery(olympiadName), enabled });
}

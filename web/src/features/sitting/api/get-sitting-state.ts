import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SittingState } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { keepState, ownerOf, stateOnDevice, unreachable, type DeviceSittingState } from '../outbox/paper-store.js';
import { sendUnsent } from '../language/language.js';
import { sittingKeys, sittingPath } from './keys.js';

/**
 * GET /api/sitting/{o}/state: where the learner really is. Every learner page asks it first. While the learner
 * writes, the state is kept on the device; when the server cannot be reached, that copy answers instead (marked
 * `onDevice`), so a reload without the network still opens the paper (outbox/paper-store.ts).
 */
export async function getSittingState(olympiadName: string, signal?: AbortSignal): Promise<DeviceSittingState> {
  const owner = ownerOf(olympiadName);
  try {
    const read = await api.get<SittingState>(sittingPath(olympiadName, 'state'), { signal });
    // A language chosen on this device without the network goes now, and the page keeps speaking it.
    const language = owner ? await sendUnsent(olympiadName) : undefined;
    const state = language ? { ...read, attempt: { ...read.attempt, language } } : read;
    if (owner && state.step === 'questions') await keepState(owner, state);
    return state;
  } catch (error) {
    const kept = owner && unreachable(error) ? await stateOnDevice(owner) : undefined;
    if (!kept) throw error;
    return kept;
  }
}

export function sittingStateQuery(olympiadName: string) {
  return queryOptions({
    queryKey: sittingKeys.state(olympiadName),
    queryFn: ({ signal }) => getSittingState(olympiadName, signal),
    // Always asked afresh when a page opens: the server decides the step.
    staleTime: 0,
    // Asked even when the browser says it is offline: the device's copy answers then (a paused query never would).
    networkMode: 'always',
  });
}

export function useSittingState(olympiadName: string) {
  return useQuery(sittingStateQuery(olympiadName));
}

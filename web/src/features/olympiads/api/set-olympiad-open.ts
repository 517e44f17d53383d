import { useMutation } from '@tanstack/react-query';
import { OlympiadResultBody } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

/**
 * GET olympiad/api/set-olympiad-open/{olympiadId}/{true|false} (a write, though a GET); opening is refused (409, the
 * blockers in its details) while the olympiad check has blockers.
 */
export async function setOlympiadOpen({ olympiadId, open }: { olympiadId: number; open: boolean }) {
  const saved = await api.get(`/olympiad/api/set-olympiad-open/${olympiadId}/${open}`, { schema: OlympiadResultBody });
  return { ...saved, message: `${saved.olympiad.varName} is ${open ? 'open' : 'closed'}` };
}

/** The confirmation shows a failure in place (what blocks opening, or the failure's text). */
export const useSetOlympiadOpen = () =>
  useMutation({
    mutationFn: setOlympiadOpen,
    meta: { success: 'Saved', error: false, invalidates: [olympiadKeys.all] },
  });

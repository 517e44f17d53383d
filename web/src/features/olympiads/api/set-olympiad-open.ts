import { useMutation } from '@tanstack/react-query';
import { OlympiadResultBody } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

/**
 * GET olympiad/api/set-olympiad-open/{olympiadId}/{true|false}?confirm=true&reason=… (a write, though a GET); opening
 * despite blockers needs the confirmation and a reason.
 */
export async function setOlympiadOpen({
  olympiadId,
  open,
  confirm,
  reason,
}: {
  olympiadId: number;
  open: boolean;
  confirm?: boolean;
  reason?: string;
}) {
  const saved = await api.get(`/olympiad/api/set-olympiad-open/${olympiadId}/${open}`, {
    query: { confirm: confirm ? 'true' : undefined, reason: confirm ? reason : undefined },
    schema: OlympiadResultBody,
  });
  return { ...saved, message: `${saved.olympiad.varName} is ${open ? 'open' : 'closed'}` };
}

/** The confirmation shows a failure in place (what blocks opening, or the failure's text). */
export const useSetOlympiadOpen = () =>
  useMutation({
    mutationFn: setOlympiadOpen,
    meta: { success: 'Saved', error: false, invalidates: [olympiadKeys.all] },
  });

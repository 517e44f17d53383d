import { useMutation } from '@tanstack/react-query';
import { OlympiadResultBody } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

/** GET olympiad/api/set-olympiad-open/{olympiadId}/{true|false}?confirm=true (a write, though a GET). */
export async function setOlympiadOpen({
  olympiadId,
  open,
  confirm,
}: {
  olympiadId: number;
  open: boolean;
  confirm?: boolean;
}) {
  const saved = await api.get(`/olympiad/api/set-olympiad-open/${olympiadId}/${open}`, {
    query: { confirm: confirm ? 'true' : undefined },
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

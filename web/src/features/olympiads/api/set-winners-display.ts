import { useMutation } from '@tanstack/react-query';
import { type WinnersDisplay, WinnersDisplayResult } from '#contract/public';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

/** PUT /olympiad/results/{olympiadId}/winners-display: full name, initial and surname, or the school only. */
export const setWinnersDisplay = ({
  olympiadId,
  winnersDisplay,
}: {
  olympiadId: number;
  winnersDisplay: WinnersDisplay;
}) =>
  api.put(`/olympiad/results/${olympiadId}/winners-display`, {
    body: { winnersDisplay },
    schema: WinnersDisplayResult,
  });

export const useSetWinnersDisplay = () =>
  useMutation({
    mutationFn: setWinnersDisplay,
    meta: { success: 'Saved', invalidates: [olympiadKeys.winnersDisplay.prefix] },
  });

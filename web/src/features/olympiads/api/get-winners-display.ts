import { useQuery } from '@tanstack/react-query';
import { WinnersDisplayResult } from '#contract/public';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

/** GET /olympiad/results/{olympiadId}/winners-display: how the public past-winners page names the winners. */
export const getWinnersDisplay = (olympiadId: number) =>
  api.get(`/olympiad/results/${olympiadId}/winners-display`, { schema: WinnersDisplayResult });

export const useWinnersDisplay = (olympiadId: number) =>
  useQuery({ queryKey: olympiadKeys.winnersDisplay(olympiadId), queryFn: () => getWinnersDisplay(olympiadId) });

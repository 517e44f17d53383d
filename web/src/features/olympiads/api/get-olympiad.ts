import { useQuery } from '@tanstack/react-query';
import { OlympiadResultBody } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

/** GET olympiad/v-rest/single?olympiadVarName */
export const getOlympiadByName = (varName: string) =>
  api.get('/olympiad/v-rest/single', { query: { olympiadVarName: varName }, schema: OlympiadResultBody });

export const useOlympiadByName = (varName: string) =>
  useQuery({
    queryKey: olympiadKeys.single(varName),
    queryFn: () => getOlympiadByName(varName),
    select: (data) => data.olympiad,
    enabled: varName.length > 0,
  });

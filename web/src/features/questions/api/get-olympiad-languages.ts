import { useQuery } from '@tanstack/react-query';
import { OlympiadResultBody } from '#contract/olympiads';
import { otherLanguagesOf, type PaperLanguage } from '#contract/questions';
import { api } from '../../../lib/api/index.js';
import { paperKeys } from './keys.js';

/** The languages a paper is written in: its default, and the others each text is translated into (decision 094). */
export interface PaperLanguages {
  defaultLanguage: PaperLanguage;
  others: PaperLanguage[];
}

/** GET olympiad/v-rest/single?olympiadVarName, for the languages it offers. */
export const getOlympiadLanguages = (varName: string) =>
  api.get('/olympiad/v-rest/single', { query: { olympiadVarName: varName }, schema: OlympiadResultBody });

export const usePaperLanguages = (varName: string) =>
  useQuery({
    queryKey: paperKeys.languages(varName),
    queryFn: () => getOlympiadLanguages(varName),
    select: (data): PaperLanguages => ({
      defaultLanguage: data.olympiad.defaultLanguage,
      others: otherLanguagesOf(data.olympiad),
    }),
    enabled: varName.length > 0,
  });

import { useQuery } from '@tanstack/react-query';
import { QuestionsByLanguageReport } from '#contract/reports';
import { api } from '../../../lib/api/index.js';
import { reportKeys } from './keys.js';

/** GET /olympiad/reports/questions-by-language/{id}: each question's share correct per language (decision 096). */
export const getQuestionsByLanguage = (olympiadId: number | null, signal?: AbortSignal) =>
  api.get(`/olympiad/reports/questions-by-language/${olympiadId}`, { schema: QuestionsByLanguageReport, signal });

export function useQuestionsByLanguage(olympiadId: number | null) {
  return useQuery({
    queryKey: reportKeys.questionsByLanguage(olympiadId),
    queryFn: ({ signal }) => getQuestionsByLanguage(olympiadId, signal),
    enabled: olympiadId !== null,
  });
}

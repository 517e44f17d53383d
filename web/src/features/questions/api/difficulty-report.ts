import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DifficultyReport } from '#contract/authoring';
import { api, apiBlob, saveBlob } from '../../../lib/api/index.js';
import { paperKeys } from './keys.js';

const path = (olympiadId: number | null) => `/olympiad/reports/questions-by-difficulty/${olympiadId}`;

/** POST /olympiad/reports/questions-by-difficulty/{id}[?grade]: item analysis of every grade, or of one. */
export const getDifficultyReport = (olympiadId: number | null, grade: number | null = null) =>
  api.post(path(olympiadId), { query: grade == null ? {} : { grade }, schema: DifficultyReport });

export const useDifficultyReport = (olympiadId: number | null, grade: number | null = null) =>
  useQuery({
    queryKey: paperKeys.difficulty(olympiadId, grade),
    queryFn: () => getDifficultyReport(olympiadId, grade),
    enabled: olympiadId != null,
    placeholderData: keepPreviousData,
  });

/**
 * The same figures as a file, with the grade chosen: xlsx holds the questions, the options and the paper; a csv
 * holds the questions, or the options (`table`).
 */
export async function downloadDifficulty(
  olympiadId: number,
  grade: number | null,
  format: 'csv' | 'xlsx',
  name: string,
  table: 'questions' | 'options' = 'questions',
) {
  const base = `questions-by-difficulty-${name}${grade == null ? '' : `-grade-${grade}`}`;
  saveBlob(
    await apiBlob(path(olympiadId), {
      method: 'POST',
      query: { format, ...(grade == null ? {} : { grade }), ...(table === 'options' ? { table } : {}) },
    }),
    `${base}${table === 'options' ? '-options' : ''}.${format}`,
  );
}

import { useQuery } from '@tanstack/react-query';
import { DifficultyReport } from '#contract/authoring';
import { api } from '../../../lib/api/index.js';
import { paperKeys } from './keys.js';

/** POST /olympiad/reports/questions-by-difficulty/{id} */
export const getDifficultyReport = (olympiadId: number | null) =>
  api.post(`/olympiad/reports/questions-by-difficulty/${olympiadId}`, { schema: DifficultyReport });

export const useDifficultyReport = (olympiadId: number | null) =>
  useQuery({
    queryKey: paperKeys.difficulty(olympiadId),
    queryFn: () => getDifficultyReport(olympiadId),
    enabled: olympiadId != null,
  });

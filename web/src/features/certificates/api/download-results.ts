import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api/index.js';

export type ResultsFormat = 'xlsx' | 'csv';

/** GET olympiad/results/downloads/details?olympiadId&format: every learner's result (a teacher: their school's). */
export function downloadResults({
  olympiadId,
  format,
  name,
}: {
  olympiadId: number;
  format: ResultsFormat;
  name: string;
}) {
  return downloadFile('/olympiad/results/downloads/details', `results-${name}.${format}`, { olympiadId, format });
}
export const useDownloadResults = () =>
  useMutation({ mutationFn: downloadResults, meta: { error: 'The results were not downloaded' } });

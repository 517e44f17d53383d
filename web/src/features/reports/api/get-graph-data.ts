import { useQuery } from '@tanstack/react-query';
import { GraphData } from '#contract/reports';
import { api, apiBlob, saveBlob } from '../../../lib/api/index.js';
import { reportKeys } from './keys.js';

/** POST /olympiad/reports/graph-data/{id}: the charts' figures; `examDay` picks the day charted per minute. */
export const getGraphData = (olympiadId: number | undefined, examDay: string | null) =>
  api.post(`/olympiad/reports/graph-data/${olympiadId}`, {
    body: examDay ? { examDay } : {},
    schema: GraphData,
    background: true,
  });

export function useGraphData(olympiadId: number | undefined, examDay: string | null) {
  return useQuery({
    queryKey: reportKeys.graphData(olympiadId, examDay),
    queryFn: () => getGraphData(olympiadId, examDay),
    enabled: olympiadId !== undefined,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
}

/** The charts' figures as a csv (one long table) or xlsx (a sheet per chart). */
export async function downloadGraphData(
  olympiadId: number,
  examDay: string | null,
  format: 'csv' | 'xlsx',
  name: string,
) {
  const blob = await apiBlob(`/olympiad/reports/graph-data/${olympiadId}`, {
    method: 'POST',
    query: { format },
    body: examDay ? { examDay } : {},
  });
  saveBlob(blob, `graph-data-${name}.${format}`);
}

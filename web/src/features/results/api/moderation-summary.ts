import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ModerationSummary } from '#contract/moderation';
import { api } from '../../../lib/api/index.js';
import { moderationKeys } from './moderation-keys.js';

const computing = (s: ModerationSummary | undefined) => s?.job?.status === 'queued' || s?.job?.status === 'running';

/**
 * GET /olympiad/moderation/{olympiadId}: counts, when the flags were computed, the job. Polled while a computation
 * runs; when it ends, the list is read again.
 */
export function useModerationSummary(olympiadId: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: moderationKeys.summary(olympiadId),
    queryFn: async () => {
      const before = client.getQueryData<ModerationSummary>(moderationKeys.summary(olympiadId));
      const summary = await api.get(`/olympiad/moderation/${olympiadId}`, {
        schema: ModerationSummary,
        on401: 'reload',
      });
      if (computing(before) && !computing(summary))
        await client.invalidateQueries({ queryKey: moderationKeys.list.prefix });
      return summary;
    },
    enabled: olympiadId != null,
    refetchInterval: (query) => (computing(query.state.data) ? 600 : false),
  });
}

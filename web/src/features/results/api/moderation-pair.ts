import { useQuery } from '@tanstack/react-query';
import { PairAnswer } from '#contract/moderation';
import { api } from '../../../lib/api/index.js';
import { moderationKeys } from './moderation-keys.js';

/** GET /olympiad/moderation/pair?attemptA&attemptB: two papers side by side. */
export const useModerationPair = (attemptA: number | null, attemptB: number | null) =>
  useQuery({
    queryKey: moderationKeys.pair(attemptA, attemptB),
    queryFn: () =>
      api.get('/olympiad/moderation/pair', { query: { attemptA, attemptB }, schema: PairAnswer, on401: 'reload' }),
    enabled: attemptA != null && attemptB != null,
  });

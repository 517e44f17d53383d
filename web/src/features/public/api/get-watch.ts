import { useQuery } from '@tanstack/react-query';
import { WatchResult } from '#contract/public';
import { api } from '../../../lib/api/index.js';
import { publicKeys } from './keys.js';

/** The page never polls faster than this, whatever the server says. */
const MIN_POLL_MS = 2_000;

/** GET website/api/watch: learners writing now, started and finished across open olympiads; coming olympiads. */
export const getWatch = () => api.get('/website/api/watch', { schema: WatchResult, on401: 'ignore' });

/** Polled as often as the server refreshes its figures (they are the same for every viewer in between). */
export const useWatch = () =>
  useQuery({
    queryKey: publicKeys.watch(),
    queryFn: getWatch,
    refetchInterval: (query) => Math.max(MIN_POLL_MS, (query.state.data?.refreshSeconds ?? 5) * 1000),
    refetchIntervalInBackground: false,
    retry: 1,
  });

import { useQuery } from '@tanstack/react-query';
import { ModerationSettingsAnswer } from '#contract/moderation';
import { api } from '../../../lib/api/index.js';
import { moderationKeys } from './moderation-keys.js';

/** GET /olympiad/moderation/{olympiadId}/settings: the thresholds and their defaults. */
export const useModerationSettings = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: moderationKeys.settings(olympiadId),
    queryFn: () =>
      api.get(`/olympiad/moderation/${olympiadId}/settings`, { schema: ModerationSettingsAnswer, on401: 'reload' }),
    enabled: olympiadId != null,
  });

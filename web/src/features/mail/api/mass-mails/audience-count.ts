import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Audience, AudienceCount } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

/** POST emailer/api/audience-count: the live count of an audience (a read, though sent as a post). */
export function countAudience(olympiadId: number | null, audience: Audience) {
  return api.post('/emailer/api/audience-count', {
    body: { olympiadId, audience },
    schema: AudienceCount,
    background: true,
  });
}

export const useAudienceCount = (olympiadId: number | null, audience: Audience, enabled: boolean) =>
  useQuery({
    queryKey: mailKeys.audienceCount(olympiadId, audience),
    queryFn: () => countAudience(olympiadId, audience),
    enabled,
    placeholderData: keepPreviousData,
    // A live count: asked again whenever the audience is picked (schools pay, contacts change meanwhile).
    staleTime: 0,
  });

import { useQuery } from '@tanstack/react-query';
import { SignedInSessions } from '#contract/sessions';
import { api, queryKeys } from '../../../lib/api/index.js';

const userSessionKeys = queryKeys('user-sessions', { of: (id: number) => [id] });

/** GET user/v-rest/{id}/sessions: where a user is signed in, as the overlord reads it. */
export const useUserSessions = (id: number | null) =>
  useQuery({
    queryKey: userSessionKeys.of(id ?? 0),
    queryFn: () => api.get(`/user/v-rest/${id}/sessions`, { schema: SignedInSessions }),
    enabled: id != null,
  });

import { useMutation, useQuery } from '@tanstack/react-query';
import { SessionsEnded, SignedInSessions } from '#contract/sessions';
import { api, queryKeys } from '../../../lib/api/index.js';
import { translate } from '../../../lib/i18n/index.js';

/** The query key of one's own signed-in sessions. */
export const sessionKeys = queryKeys('sessions', { own: () => [] });

/** GET /api/auth/sessions */
export const useOwnSessions = () =>
  useQuery({ queryKey: sessionKeys.own(), queryFn: () => api.get('/api/auth/sessions', { schema: SignedInSessions }) });

/** DELETE /api/auth/sessions/{id} */
export const useEndSession = () =>
  useMutation({
    mutationFn: (id: number) => api.delete(`/api/auth/sessions/${id}`, { schema: SessionsEnded }),
    meta: { success: translate('portal.sessions.ended'), invalidates: [sessionKeys.own()] },
  });

/** POST /api/auth/sessions/end-others */
export const useEndOtherSessions = () =>
  useMutation({
    mutationFn: () => api.post('/api/auth/sessions/end-others', { schema: SessionsEnded }),
    meta: { success: translate('portal.sessions.othersEnded'), invalidates: [sessionKeys.own()] },
  });

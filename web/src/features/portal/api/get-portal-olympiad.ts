import { useQuery } from '@tanstack/react-query';
import { PortalOlympiadResult } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { portalKeys } from './keys.js';

/** GET /api/portal/olympiads/{olympiadName} */
export const getPortalOlympiad = (olympiadName: string) =>
  api.get(`/api/portal/olympiads/${encodeURIComponent(olympiadName)}`, { schema: PortalOlympiadResult });

export const usePortalOlympiad = (olympiadName: string) =>
  useQuery({
    queryKey: portalKeys.olympiad(olympiadName),
    queryFn: () => getPortalOlympiad(olympiadName),
    retry: false,
  });

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PortalOlympiad, School } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { portalKeys } from './keys.js';

const PortalOne = z.object({ success: z.literal(true), school: School.nullable(), olympiad: PortalOlympiad });

/** GET /api/portal/olympiads/{olympiadName} */
export const getPortalOlympiad = (olympiadName: string) =>
  api.get(`/api/portal/olympiads/${encodeURIComponent(olympiadName)}`, { schema: PortalOne });

export const usePortalOlympiad = (olympiadName: string) =>
  useQuery({
    queryKey: portalKeys.olympiad(olympiadName),
    queryFn: () => getPortalOlympiad(olympiadName),
    retry: false,
  });

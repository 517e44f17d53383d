import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PortalOlympiad, School } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { portalKeys } from './keys.js';

const PortalList = z.object({ success: z.literal(true), school: School.nullable(), items: z.array(PortalOlympiad) });

/** GET /api/portal/olympiads: the teacher's olympiads and those the school can still enter. */
export const listPortalOlympiads = () => api.get('/api/portal/olympiads', { schema: PortalList });

export const usePortalOlympiads = () => useQuery({ queryKey: portalKeys.olympiads(), queryFn: listPortalOlympiads });

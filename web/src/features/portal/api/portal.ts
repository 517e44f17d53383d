import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { PortalOlympiad, School, SchoolParticipant } from '../../../../../contract/schools.js';
import { api } from '../../../lib/api/index.js';

const PortalList = z.object({ success: z.literal(true), school: School.nullable(), items: z.array(PortalOlympiad) });
const PortalOne = z.object({ success: z.literal(true), school: School.nullable(), olympiad: PortalOlympiad });

/** GET /api/portal/olympiads: the teacher's olympiads and those the school can still enter. */
export const usePortalOlympiads = () =>
  useQuery({
    queryKey: ['portal', 'olympiads'],
    queryFn: () => api.get('/api/portal/olympiads', { schema: PortalList }),
  });

/** GET /api/portal/olympiads/{olympiadName} */
export const usePortalOlympiad = (olympiadName: string) =>
  useQuery({
    queryKey: ['portal', 'olympiads', olympiadName],
    queryFn: () => api.get(`/api/portal/olympiads/${encodeURIComponent(olympiadName)}`, { schema: PortalOne }),
    retry: false,
  });

/** POST teacher-expression/rest/: the teacher enters their school in an olympiad. */
export function useEnterOlympiad() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (olympiadId: number) =>
      api.post('/teacher-expression/rest/', {
        body: { olympiadId },
        schema: z.object({ success: z.literal(true), message: z.string(), participant: SchoolParticipant }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['portal'] }),
  });
}

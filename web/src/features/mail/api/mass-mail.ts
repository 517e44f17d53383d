import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok } from '../../../../../contract/errors.js';
import {
  type Audience,
  AudienceCount,
  MailPreview,
  type MassMailInput,
  MassMailRow,
  type ScheduleBody,
  listOf,
} from '../../../../../contract/mail.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';

const MailingBody = z.object({ success: z.literal(true), mailing: MassMailRow });

/** GET emailer/v-rest/?olympiadId (the overlord leaves it out: every mailing) */
export const useMassMails = (params: ListParams & { olympiadId?: number | undefined }, enabled = true, live = false) =>
  useQuery({
    queryKey: ['emailer', 'list', params],
    queryFn: () => api.get('/emailer/v-rest/', { query: { ...params }, schema: listOf(MassMailRow) }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: live ? 2000 : false,
  });

/** POST emailer/api/ or PUT emailer/api/{id} */
export function useSaveMassMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: MassMailInput }) =>
      id == null
        ? api.post('/emailer/api/', { body: values, schema: MailingBody })
        : api.put(`/emailer/api/${id}`, { body: values, schema: MailingBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['emailer'] }),
  });
}

/** DELETE emailer/api/{id} (drafts) */
export function useDeleteMassMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/emailer/api/${id}`, { schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['emailer'] }),
  });
}

/** POST emailer/api/{id}/queue */
export function useQueueMassMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/emailer/api/${id}/queue`, {
        schema: z.object({ success: z.literal(true), queued: z.number(), scheduledFor: z.string().nullable() }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['emailer'] }),
  });
}

/** PUT emailer/api/{id}/schedule: move (an instant) or cancel (null) a queued mailing's release time (overlord) */
export function useSetSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scheduledFor }: { id: number } & ScheduleBody) =>
      api.put(`/emailer/api/${id}/schedule`, { body: { scheduledFor }, schema: MailingBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['emailer'] }),
  });
}

/** POST emailer/api/audience-count: the live count of an audience */
export const useAudienceCount = (olympiadId: number | null, audience: Audience, enabled: boolean) =>
  useQuery({
    queryKey: ['emailer', 'count', olympiadId, audience],
    queryFn: () => api.post('/emailer/api/audience-count', { body: { olympiadId, audience }, schema: AudienceCount }),
    enabled,
    placeholderData: keepPreviousData,
    // A live count: asked again whenever the audience is picked (schools pay, contacts change meanwhile).
    staleTime: 0,
  });

/** POST emailer/api/{id}/preview */
export function usePreviewMassMail() {
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email?: string | undefined }) =>
      api.post(`/emailer/api/${id}/preview`, { body: email ? { email } : {}, schema: MailPreview }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok } from '../../../../../contract/errors.js';
import { MailPreview, type TemplateInput, TemplateKindInfo, UnsubscribeInfo } from '../../../../../contract/mail.js';
import { api } from '../../../lib/api/index.js';

/** GET email-template/v-rest/?olympiadId (none: the site-wide copy) */
export const useTemplates = (olympiadId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: ['email-template', olympiadId ?? 0],
    queryFn: () =>
      api.get('/email-template/v-rest/', {
        query: { olympiadId },
        schema: z.object({ success: z.literal(true), items: z.array(TemplateKindInfo) }),
      }),
    select: (d) => d.items,
    enabled,
  });

type TemplateCall = { kind: string; olympiadId: number | undefined; values: TemplateInput };

/** PUT email-template/api/{kind}?olympiadId */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, olympiadId, values }: TemplateCall) =>
      api.put(`/email-template/api/${kind}`, { query: { olympiadId }, body: values, schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['email-template'] }),
  });
}

/** DELETE email-template/api/{kind}?olympiadId */
export function useResetTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, olympiadId }: Omit<TemplateCall, 'values'>) =>
      api.delete(`/email-template/api/${kind}`, { query: { olympiadId }, schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['email-template'] }),
  });
}

/** POST email-template/api/{kind}/preview */
export const usePreviewTemplate = () =>
  useMutation({
    mutationFn: ({ kind, olympiadId, values }: TemplateCall) =>
      api.post(`/email-template/api/${kind}/preview`, { query: { olympiadId }, body: values, schema: MailPreview }),
  });

/** POST email-template/api/{kind}/test */
export const useTestTemplate = () =>
  useMutation({
    mutationFn: ({ kind, olympiadId, values }: TemplateCall) =>
      api.post(`/email-template/api/${kind}/test`, { query: { olympiadId }, body: values, schema: Ok }),
  });

/** GET unsubscribe/api/{ref} (public) */
export const useUnsubscribeInfo = (ref: string | undefined) =>
  useQuery({
    queryKey: ['unsubscribe-ref', ref],
    queryFn: () =>
      api.get(`/unsubscribe/api/${encodeURIComponent(ref!)}`, { schema: UnsubscribeInfo, on401: 'ignore' }),
    enabled: !!ref,
    retry: false,
  });

/** POST unsubscribe/api/ { ref } (public) */
export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ref: string) => api.post('/unsubscribe/api/', { body: { ref }, schema: Ok, on401: 'ignore' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['unsubscribe-ref'] }),
  });
}

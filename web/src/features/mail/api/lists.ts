import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok } from '../../../../../contract/errors.js';
import { AttachmentRow, BounceRow, UnsubscribeList, UploadRow, listOf } from '../../../../../contract/mail.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';
import { apiUpload } from '../../../lib/api/upload.js';

type Scoped = ListParams & { olympiadId?: number | undefined };

/** GET unsubscribe/v-rest/?olympiadId */
export const useUnsubscribes = (params: Scoped, enabled = true) =>
  useQuery({
    queryKey: ['unsubscribe', params],
    queryFn: () => api.get('/unsubscribe/v-rest/', { query: { ...params }, schema: UnsubscribeList }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST unsubscribe/api/ { email, olympiadId } (staff) */
export function useAddUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; olympiadId: number | null }) =>
      api.post('/unsubscribe/api/', { body, schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['unsubscribe'] }),
  });
}

/** GET bounce/api/?kind */
export const useBounces = (params: ListParams & { kind?: string | undefined }) =>
  useQuery({
    queryKey: ['bounce', params],
    queryFn: () => api.get('/bounce/api/', { query: { ...params }, schema: listOf(BounceRow) }),
    placeholderData: keepPreviousData,
  });

/** GET attachment/v-rest/?olympiadId */
export const useAttachments = (params: Scoped, enabled = true) =>
  useQuery({
    queryKey: ['attachment', params],
    queryFn: () => api.get('/attachment/v-rest/', { query: { ...params }, schema: listOf(AttachmentRow) }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST attachment/api/?olympiadId (multipart) */
export function useUploadAttachment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, olympiadId }: { file: File; olympiadId?: number | undefined }) =>
      apiUpload('/attachment/api/', file, {
        query: { olympiadId },
        schema: z.object({ success: z.literal(true), attachment: AttachmentRow }),
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['attachment'] }),
        client.invalidateQueries({ queryKey: ['upload'] }),
      ]),
  });
}

/** POST attachment/api/{id}/update-filename?uploadId&filename */
export function useRenameAttachment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; uploadId: number; filename: string }) =>
      api.post(`/attachment/api/${v.id}/update-filename`, {
        query: { uploadId: v.uploadId, filename: v.filename },
        schema: z.object({ success: z.literal(true), attachment: AttachmentRow }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['attachment'] }),
  });
}

/** DELETE attachment/api/{id}?uploadId */
export function useDeleteAttachment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; uploadId: number }) =>
      api.delete(`/attachment/api/${v.id}`, { query: { uploadId: v.uploadId }, schema: Ok }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['attachment'] }),
        client.invalidateQueries({ queryKey: ['upload'] }),
      ]),
  });
}

/** GET upload/v-rest/?olympiadId */
export const useUploads = (params: Scoped) =>
  useQuery({
    queryKey: ['upload', params],
    queryFn: () => api.get('/upload/v-rest/', { query: { ...params }, schema: listOf(UploadRow) }),
    placeholderData: keepPreviousData,
  });

/** POST upload/api/?olympiadId (multipart) */
export function useUploadFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, olympiadId }: { file: File; olympiadId?: number | undefined }) =>
      apiUpload('/upload/api/', file, {
        query: { olympiadId },
        schema: z.object({ success: z.literal(true), upload: UploadRow }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['upload'] }),
  });
}

/** DELETE upload/api/{id}?filename */
export function useDeleteUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; filename: string }) =>
      api.delete(`/upload/api/${v.id}`, { query: { filename: v.filename }, schema: Ok }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['attachment'] }),
        client.invalidateQueries({ queryKey: ['upload'] }),
      ]),
  });
}

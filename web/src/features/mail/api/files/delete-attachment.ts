import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

/** DELETE attachment/api/{id}?uploadId */
export function deleteAttachment(v: { id: number; uploadId: number }) {
  return api.delete(`/attachment/api/${v.id}`, { query: { uploadId: v.uploadId }, schema: Ok });
}

export const useDeleteAttachment = () =>
  useMutation({
    mutationFn: deleteAttachment,
    meta: { success: 'Deleted', invalidates: [mailKeys.attachments.prefix, mailKeys.uploads.prefix] },
  });

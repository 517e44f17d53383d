import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

/** DELETE upload/api/{id}?filename: also removes it from the attachments that use it. */
export function deleteUpload(v: { id: number; filename: string }) {
  return api.delete(`/upload/api/${v.id}`, { query: { filename: v.filename }, schema: Ok });
}

export const useDeleteUpload = () =>
  useMutation({
    mutationFn: deleteUpload,
    meta: { success: 'Deleted', invalidates: [mailKeys.attachments.prefix, mailKeys.uploads.prefix] },
  });

import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AttachmentRow } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const AttachmentSaved = z.object({ success: z.literal(true), attachment: AttachmentRow });

/** POST attachment/api/{id}/update-filename?uploadId&filename */
export function renameAttachment(v: { id: number; uploadId: number; filename: string }) {
  return api.post(`/attachment/api/${v.id}/update-filename`, {
    query: { uploadId: v.uploadId, filename: v.filename },
    schema: AttachmentSaved,
  });
}

/** The rename dialog shows a failure in place. */
export const useRenameAttachment = () =>
  useMutation({ mutationFn: renameAttachment, meta: { error: false, invalidates: [mailKeys.attachments.prefix] } });

import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { AttachmentRow } from '#contract/mail';
import { apiUpload } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const AttachmentSaved = z.object({ success: z.literal(true), attachment: AttachmentRow });

/** POST attachment/api/?olympiadId (multipart): the file is stored as an upload and offered as an attachment. */
export function uploadAttachment({ file, olympiadId }: { file: File; olympiadId?: number | undefined }) {
  return apiUpload('/attachment/api/', file, { query: { olympiadId }, schema: AttachmentSaved });
}

export const useUploadAttachment = () =>
  useMutation({
    mutationFn: async (input: { file: File; olympiadId?: number | undefined }) => {
      const answer = await uploadAttachment(input);
      return { ...answer, message: `${answer.attachment.filename} is added` };
    },
    meta: { success: 'Added', invalidates: [mailKeys.attachments.prefix, mailKeys.uploads.prefix] },
  });

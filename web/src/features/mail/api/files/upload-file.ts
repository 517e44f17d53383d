import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { UploadRow } from '#contract/mail';
import { apiUpload } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const UploadSaved = z.object({ success: z.literal(true), upload: UploadRow });

/** POST upload/api/?olympiadId (multipart) */
export function uploadFile({ file, olympiadId }: { file: File; olympiadId?: number | undefined }) {
  return apiUpload('/upload/api/', file, { query: { olympiadId }, schema: UploadSaved });
}

export const useUploadFile = () =>
  useMutation({ mutationFn: uploadFile, meta: { invalidates: [mailKeys.uploads.prefix] } });

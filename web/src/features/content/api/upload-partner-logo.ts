import { useMutation } from '@tanstack/react-query';
import { PartnerSaved } from '#contract/copy';
import { apiUpload } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** POST api/site-copy/partners/{id}/logo (multipart): the partner's logo. */
export const uploadPartnerLogo = ({ id, file }: { id: number; file: File }) =>
  apiUpload(`/api/site-copy/partners/${id}/logo`, file, { schema: PartnerSaved });

export const useUploadPartnerLogo = () =>
  useMutation({
    mutationFn: uploadPartnerLogo,
    meta: { success: 'The logo is saved', invalidates: [contentKeys.siteCopy.prefix] },
  });

import { useMutation } from '@tanstack/react-query';
import { CertificateFile } from '#contract/certificates';
import { apiUpload } from '../../../lib/api/index.js';

/** The largest background or signature accepted (the server refuses bigger ones with a 413 too). */
export const CERTIFICATE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** POST olympiad/certificate-config/{id}/files (multipart, one file: PDF, PNG or JPEG) */
export function uploadCertificateFile({ olympiadId, file }: { olympiadId: number; file: File }) {
  return apiUpload(`/olympiad/certificate-config/${olympiadId}/files`, file, { schema: CertificateFile });
}
export const useUploadCertificateFile = () =>
  useMutation({ mutationFn: uploadCertificateFile, meta: { success: 'Uploaded', error: 'The file was not uploaded' } });

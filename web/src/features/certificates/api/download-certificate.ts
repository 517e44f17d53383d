import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api/index.js';

/** A file name from a person's or school's name: letters (accents kept), digits and dashes. */
export const fileSlug = (name: string) =>
  name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'certificate';

/** GET certificates/{id}/pdf: one certificate, saved as a PDF named after the learner. */
export function downloadCertificate({ id, learnerName }: { id: number; learnerName: string }) {
  return downloadFile(`/certificates/${id}/pdf`, `certificate-${fileSlug(learnerName)}.pdf`);
}
export const useDownloadCertificate = () =>
  useMutation({ mutationFn: downloadCertificate, meta: { error: 'The certificate was not downloaded' } });

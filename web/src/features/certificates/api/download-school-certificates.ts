import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api/index.js';
import { fileSlug } from './download-certificate.js';

/** GET certificates/school/{schoolParticipantId}/pdf: all of a school's certificates, one print-ready PDF. */
export function downloadSchoolCertificates({
  schoolParticipantId,
  schoolName,
}: {
  schoolParticipantId: number;
  schoolName: string;
}) {
  return downloadFile(`/certificates/school/${schoolParticipantId}/pdf`, `certificates-${fileSlug(schoolName)}.pdf`);
}
export const useDownloadSchoolCertificates = () =>
  useMutation({ mutationFn: downloadSchoolCertificates, meta: { error: 'The certificates were not downloaded' } });

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { certificatesKeys } from './keys.js';
import { SchoolCertificates } from './shapes.js';

/** GET certificates/school?olympiadId: the teacher's own school (whether results are out, its batch, its list). */
export function getSchoolCertificates(olympiadId: number) {
  return api.get('/certificates/school', { query: { olympiadId }, schema: SchoolCertificates });
}
export const useSchoolCertificates = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: certificatesKeys.school(olympiadId),
    queryFn: () => getSchoolCertificates(olympiadId!),
    enabled: olympiadId != null,
  });

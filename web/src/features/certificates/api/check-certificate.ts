import { useQuery } from '@tanstack/react-query';
import { CertificateCheck } from '#contract/certificates';
import { api, isApiError } from '../../../lib/api/index.js';
import { certificatesKeys } from './keys.js';

/** GET api/public/certificates/{code}, no sign-in: what a certificate certifies; 404 for an unknown code. */
export function checkCertificate(code: string) {
  return api.get(`/api/public/certificates/${encodeURIComponent(code)}`, { schema: CertificateCheck, on401: 'ignore' });
}
export const useCertificateCheck = (code: string) =>
  useQuery({
    queryKey: certificatesKeys.check(code),
    queryFn: () => checkCertificate(code),
    enabled: code.length > 0,
    // An unknown code stays unknown; a rate limit or a lost connection is worth one more try.
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status === 404),
  });

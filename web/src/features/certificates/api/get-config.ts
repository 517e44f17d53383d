import { useQuery } from '@tanstack/react-query';
import { CertificateConfigAnswer } from '#contract/certificates';
import { api } from '../../../lib/api/index.js';
import { certificatesKeys } from './keys.js';

/** GET olympiad/certificate-config/{id}: the design (a good default when none is saved) and the kinds it covers. */
export function getCertificateConfig(olympiadId: number) {
  return api.get(`/olympiad/certificate-config/${olympiadId}`, { schema: CertificateConfigAnswer });
}
export const useCertificateConfig = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: certificatesKeys.config(olympiadId),
    queryFn: () => getCertificateConfig(olympiadId!),
    enabled: olympiadId != null,
    // The designer edits its own copy; a refetch on focus would not replace it, so it only costs a request.
    refetchOnWindowFocus: false,
  });

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CertificateList } from '#contract/certificates';
import { api } from '../../../lib/api/index.js';
import { certificatesKeys, type CertificateListParams } from './keys.js';

/**
 * GET olympiad/certificate-list/{id}?page&pageSize&search&sort&order&schoolParticipantId&kind: a page of
 * certificates (search by learner, school or code), with a count per kind.
 */
export function listCertificates({ olympiadId, ...query }: CertificateListParams) {
  return api.get(`/olympiad/certificate-list/${olympiadId}`, { query: { ...query }, schema: CertificateList });
}
export const useCertificateList = (params: CertificateListParams) =>
  useQuery({
    queryKey: certificatesKeys.list(params),
    queryFn: () => listCertificates(params),
    placeholderData: keepPreviousData,
    enabled: params.olympiadId != null,
  });

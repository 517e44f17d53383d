import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { certificatesKeys, type CertificateListParams } from './keys.js';
import { CertificateList } from './shapes.js';

/** GET olympiad/certificate-list/{id}?page&pageSize&search&schoolParticipantId&kind: paged, with a count per kind. */
export function listCertificates({
  olympiadId,
  page,
  pageSize,
  search,
  kind,
  schoolParticipantId,
}: CertificateListParams) {
  return api.get(`/olympiad/certificate-list/${olympiadId}`, {
    query: { page, pageSize, search, kind, schoolParticipantId },
    schema: CertificateList,
  });
}
export const useCertificateList = (params: CertificateListParams) =>
  useQuery({
    queryKey: certificatesKeys.list(params),
    queryFn: () => listCertificates(params),
    placeholderData: keepPreviousData,
    enabled: params.olympiadId != null,
  });

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SchoolCertificates } from '#contract/certificates';
import { api } from '../../../lib/api/index.js';
import { certificatesKeys, type SchoolCertificatesParams } from './keys.js';

/**
 * GET certificates/school?olympiadId&page&pageSize&search&sort&order: the teacher's own school (whether results are
 * out, its batch, a page of its certificates).
 */
export function getSchoolCertificates({ olympiadId, ...query }: SchoolCertificatesParams) {
  return api.get('/certificates/school', { query: { olympiadId, ...query }, schema: SchoolCertificates });
}
export const useSchoolCertificates = (params: SchoolCertificatesParams) =>
  useQuery({
    queryKey: certificatesKeys.school(params),
    queryFn: () => getSchoolCertificates(params),
    enabled: params.olympiadId != null,
    placeholderData: keepPreviousData,
  });

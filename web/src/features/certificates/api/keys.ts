import type { certificateSendStates } from '#contract/certificates';
import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

/** One page of an olympiad's certificates. */
export type CertificateListParams = ListParams & {
  olympiadId: number | undefined;
  kind?: string | undefined;
  schoolParticipantId?: number | undefined;
};

/** One page of the schools on the send status. */
export type SendStatusParams = ListParams & {
  olympiadId: number | undefined;
  sendState?: (typeof certificateSendStates)[number] | undefined;
};

/** One page of the teacher's own school's certificates. */
export type SchoolCertificatesParams = ListParams & { olympiadId: number | undefined };

/** The query keys of the certificates feature. */
export const certificatesKeys = queryKeys('certificates', {
  config: (olympiadId: number | undefined) => [olympiadId],
  file: (olympiadId: number | undefined, fileId: number | null) => [olympiadId, fileId],
  fonts: () => [],
  list: (params: CertificateListParams) => [params],
  generation: (olympiadId: number | undefined) => [olympiadId],
  sending: (params: SendStatusParams) => [params],
  school: (params: SchoolCertificatesParams) => [params],
  check: (code: string) => [code],
});

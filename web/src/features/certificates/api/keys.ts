import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

/** One page of an olympiad's certificates. */
export type CertificateListParams = ListParams & {
  olympiadId: number | undefined;
  kind?: string | undefined;
  schoolParticipantId?: number | undefined;
};

/** The query keys of the certificates feature. */
export const certificatesKeys = queryKeys('certificates', {
  config: (olympiadId: number | undefined) => [olympiadId],
  file: (olympiadId: number | undefined, fileId: number | null) => [olympiadId, fileId],
  list: (params: CertificateListParams) => [params],
  generation: (olympiadId: number | undefined) => [olympiadId],
  sending: (olympiadId: number | undefined) => [olympiadId],
  school: (olympiadId: number | undefined) => [olympiadId],
  check: (code: string) => [code],
});

import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

export type CountryParticipantListParams = ListParams & { olympiadId?: number | undefined };

/** The countries feature's query keys. */
export const countryKeys = queryKeys('igeo-country', {
  list: (params: ListParams) => [params],
});
/** The countries entered in an olympiad (the participating countries page). */
export const countryParticipantKeys = queryKeys('igeo-country-participant', {
  list: (params: CountryParticipantListParams) => [params],
});

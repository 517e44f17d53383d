import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { UsefulContact } from '#contract/mail';
import type { ListParams } from '../../../../components/PagedTable.js';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const ContactPage = pageOf(UsefulContact);
type Params = ListParams & { olympiadId: number | undefined };

/** GET useful-contact/v-rest/?olympiadId (paged, searchable, sortable) */
export function listContacts(params: Params) {
  return api.get('/useful-contact/v-rest/', { query: { ...params }, schema: ContactPage });
}

export const useContacts = (params: Params) =>
  useQuery({
    queryKey: mailKeys.contacts(params),
    queryFn: () => listContacts(params),
    placeholderData: keepPreviousData,
    enabled: params.olympiadId != null,
  });

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UploadRow, listOf } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys, type ScopedListParams } from '../keys.js';

const UploadList = listOf(UploadRow);

/** GET upload/v-rest/?olympiadId */
export function listUploads(params: ScopedListParams) {
  return api.get('/upload/v-rest/', { query: { ...params }, schema: UploadList });
}

export const useUploads = (params: ScopedListParams) =>
  useQuery({
    queryKey: mailKeys.uploads(params),
    queryFn: () => listUploads(params),
    placeholderData: keepPreviousData,
  });

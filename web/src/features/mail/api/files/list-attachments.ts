import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AttachmentRow, listOf } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys, type ScopedListParams } from '../keys.js';

const AttachmentList = listOf(AttachmentRow);

/** GET attachment/v-rest/?olympiadId */
export function listAttachments(params: ScopedListParams) {
  return api.get('/attachment/v-rest/', { query: { ...params }, schema: AttachmentList });
}

export const useAttachments = (params: ScopedListParams, enabled = true) =>
  useQuery({
    queryKey: mailKeys.attachments(params),
    queryFn: () => listAttachments(params),
    placeholderData: keepPreviousData,
    enabled,
  });

import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** DELETE faq/v-rest/{id} */
export function deleteFaq(id: number) {
  return api.delete(`/faq/v-rest/${id}`, { schema: Ok });
}

export const useDeleteFaq = () =>
  useMutation({ mutationFn: deleteFaq, meta: { success: 'Deleted', invalidates: [contentKeys.all] } });

import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

/** DELETE emailer/api/{id} (drafts) */
export function deleteMassMail(id: number) {
  return api.delete(`/emailer/api/${id}`, { schema: Ok });
}

export const useDeleteMassMail = () =>
  useMutation({ mutationFn: deleteMassMail, meta: { invalidates: [mailKeys.massMails.prefix] } });

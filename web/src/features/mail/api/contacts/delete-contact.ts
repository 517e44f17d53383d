import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

/** DELETE useful-contact/v-rest/{id} */
export function deleteContact(id: number) {
  return api.delete(`/useful-contact/v-rest/${id}`, { schema: Ok });
}

export const useDeleteContact = () =>
  useMutation({
    mutationFn: deleteContact,
    meta: { success: 'Deleted', invalidates: [mailKeys.contacts.prefix, mailKeys.audienceCount.prefix] },
  });

import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** DELETE api/site-copy/partners/{id} */
export const deletePartner = (id: number) => api.delete(`/api/site-copy/partners/${id}`, { schema: Ok });

export const useDeletePartner = () =>
  useMutation({ mutationFn: deletePartner, meta: { success: 'Removed', invalidates: [contentKeys.siteCopy.prefix] } });

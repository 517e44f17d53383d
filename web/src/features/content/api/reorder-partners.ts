import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** POST api/site-copy/partners/reorder: every partner's id, in the new order. */
export const reorderPartners = (ids: number[]) =>
  api.post('/api/site-copy/partners/reorder', { body: { ids }, schema: Ok });

export const useReorderPartners = () =>
  useMutation({ mutationFn: reorderPartners, meta: { invalidates: [contentKeys.siteCopy.prefix] } });

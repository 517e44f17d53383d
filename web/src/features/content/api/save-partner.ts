import { useMutation } from '@tanstack/react-query';
import { type PartnerInput, PartnerSaved } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** POST api/site-copy/partners (a new partner) or PUT api/site-copy/partners/{id}. */
export const savePartner = ({ id, values }: { id: number | null; values: PartnerInput }) =>
  id == null
    ? api.post('/api/site-copy/partners', { body: values, schema: PartnerSaved })
    : api.put(`/api/site-copy/partners/${id}`, { body: values, schema: PartnerSaved });

/** The form shows a failure beside its fields. */
export const useSavePartner = () =>
  useMutation({
    mutationFn: savePartner,
    meta: { success: 'The partner is saved', error: false, invalidates: [contentKeys.siteCopy.prefix] },
  });

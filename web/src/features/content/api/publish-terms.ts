import { useMutation } from '@tanstack/react-query';
import { type TermsInput, TermsPublished } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** POST api/terms-and-conditions/: publish a new version (the answer says which, and that teachers are asked). */
export const publishTerms = (body: TermsInput) =>
  api.post('/api/terms-and-conditions/', { body, schema: TermsPublished });

/** The form shows a failure beside its fields. */
export const usePublishTerms = () =>
  useMutation({
    mutationFn: publishTerms,
    meta: { success: 'Published', error: false, invalidates: [contentKeys.terms.prefix] },
  });

import { useMutation } from '@tanstack/react-query';
import { type GeneralCopyInput, GeneralCopySaved } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** POST copy/v-rest/: the olympiad's own wording of one named text. */
export const publishGeneralCopy = (body: GeneralCopyInput) =>
  api.post('/copy/v-rest/', { body, schema: GeneralCopySaved });

/** The form shows a failure beside its field. */
export const usePublishGeneralCopy = () =>
  useMutation({
    mutationFn: publishGeneralCopy,
    meta: { success: 'The text is published', error: false, invalidates: [contentKeys.generalCopy.prefix] },
  });

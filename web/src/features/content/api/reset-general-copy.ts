import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** DELETE copy/v-rest/{id}: back to the default wording. */
export const resetGeneralCopy = (id: number) => api.delete(`/copy/v-rest/${id}`, { schema: Ok });

export const useResetGeneralCopy = () =>
  useMutation({
    mutationFn: resetGeneralCopy,
    meta: { success: 'The text is back to the default', invalidates: [contentKeys.generalCopy.prefix] },
  });

import { useMutation } from '@tanstack/react-query';
import { type WebsiteCopyInput, WebsiteCopySaved } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** POST website-copy/v-rest/: publish one section of the project's website copy. */
export const publishWebsiteCopy = (body: WebsiteCopyInput) =>
  api.post('/website-copy/v-rest/', { body, schema: WebsiteCopySaved });

export const usePublishWebsiteCopy = () =>
  useMutation({
    mutationFn: publishWebsiteCopy,
    meta: { success: 'The page is published', invalidates: [contentKeys.websiteCopy.prefix] },
  });

import { useMutation } from '@tanstack/react-query';
import { type SiteCopyInput } from '#contract/copy';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** POST api/site-copy/: publish one platform page's copy. */
export const publishSiteCopy = (body: SiteCopyInput) => api.post('/api/site-copy/', { body, schema: Ok });

export const usePublishSiteCopy = () =>
  useMutation({
    mutationFn: publishSiteCopy,
    meta: { success: 'The page is published', invalidates: [contentKeys.siteCopy.prefix] },
  });

import { useMutation } from '@tanstack/react-query';
import { ImportReport } from '#contract/learners';
import { apiUpload, type UploadProgress } from '../../../lib/api/index.js';
import type { LearnerScope } from './keys.js';

export interface ImportPreview {
  scope: LearnerScope;
  file: File;
  onProgress?: (p: UploadProgress) => void;
}

/** POST learner/v-rest/import/preview (multipart, with upload progress): the per-row report; nothing is saved. */
export function previewImport({ scope, file, onProgress }: ImportPreview) {
  return apiUpload('/learner/v-rest/import/preview', file, {
    query: { ...scope },
    schema: ImportReport,
    ...(onProgress ? { onProgress } : {}),
  });
}

/** The upload card shows a failure beside the file. */
export const usePreviewImport = () => useMutation({ mutationFn: previewImport, meta: { error: false } });

import { useMutation } from '@tanstack/react-query';
import type { CertificateConfig } from '#contract/certificates';
import { apiBlob } from '../../../lib/api/index.js';

export interface PreviewRequest {
  olympiadId: number;
  config: CertificateConfig;
  kind?: string | undefined;
  attemptId?: number | undefined;
}

/**
 * POST olympiad/certificate-config/{id}/preview {config, kind?, attemptId?}: one certificate of a real learner (the
 * best-scoring one unless an attempt is named) from the design as it is on screen, saved or not, as a PDF.
 */
export function previewCertificate({ olympiadId, config, kind, attemptId }: PreviewRequest) {
  return apiBlob(`/olympiad/certificate-config/${olympiadId}/preview`, {
    method: 'POST',
    body: { config, ...(kind ? { kind } : {}), ...(attemptId ? { attemptId } : {}) },
  });
}
export const usePreviewCertificate = () =>
  useMutation({ mutationFn: previewCertificate, meta: { error: 'The preview could not be made' } });

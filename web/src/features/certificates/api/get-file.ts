import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiBlob } from '../../../lib/api/index.js';
import { certificatesKeys } from './keys.js';

/** GET olympiad/certificate-config/{id}/files/{fileId}: an uploaded background or signature, as a Blob. */
export function getCertificateFile(olympiadId: number, fileId: number) {
  return apiBlob(`/olympiad/certificate-config/${olympiadId}/files/${fileId}`);
}

/**
 * An uploaded file for the designer's canvas: an object URL when it is an image (a PDF background is shown by
 * its name only; the preview prints it), revoked when the file changes.
 */
export function useCertificateFile(olympiadId: number | undefined, fileId: number | null) {
  const query = useQuery({
    queryKey: certificatesKeys.file(olympiadId, fileId),
    queryFn: () => getCertificateFile(olympiadId!, fileId!),
    enabled: olympiadId != null && fileId != null,
    staleTime: Infinity,
  });
  const blob = query.data;
  const image = !!blob && blob.type.startsWith('image/');
  const url = useMemo(() => (blob && image ? URL.createObjectURL(blob) : null), [blob, image]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isPdf: !!blob && blob.type === 'application/pdf', isLoading: query.isLoading, error: query.error };
}

import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api/index.js';
import { certificatesKeys } from './keys.js';

/**
 * GET olympiad/certificate-config/{id}/files/{fileId}: an uploaded background or signature, with an object URL
 * when it is an image (a PDF background is named only; the preview prints it). The URL lives as long as the
 * query's cache entry: a few files per olympiad, each fetched once.
 */
export async function getCertificateFile(olympiadId: number, fileId: number) {
  const blob = await apiBlob(`/olympiad/certificate-config/${olympiadId}/files/${fileId}`);
  return {
    isPdf: blob.type === 'application/pdf',
    url: blob.type.startsWith('image/') ? URL.createObjectURL(blob) : null,
  };
}

/** An uploaded file for the designer's canvas. */
export function useCertificateFile(olympiadId: number | undefined, fileId: number | null) {
  const query = useQuery({
    queryKey: certificatesKeys.file(olympiadId, fileId),
    queryFn: () => getCertificateFile(olympiadId!, fileId!),
    enabled: olympiadId != null && fileId != null,
    staleTime: Infinity,
  });
  const data = fileId != null ? query.data : undefined;
  return { url: data?.url ?? null, isPdf: data?.isPdf ?? false, isLoading: query.isLoading, error: query.error };
}

import { useQuery } from '@tanstack/react-query';
import { certificateFonts } from '#contract/certificates';
import { apiBlob } from '../../../lib/api/index.js';
import { certificateFontFaces } from '../components/designer/fields.js';
import { certificatesKeys } from './keys.js';

/**
 * GET olympiad/certificate-config/{id}/fonts/{font} for every font, each added to the document's fonts. Answers
 * false where the page cannot add fonts (the canvas then draws look-alikes).
 */
export async function loadCertificateFonts(olympiadId: number): Promise<boolean> {
  if (typeof FontFace === 'undefined' || typeof document.fonts?.add !== 'function') return false;
  const faces = await Promise.all(
    certificateFonts.map(async (font) => {
      const bytes = await (await apiBlob(`/olympiad/certificate-config/${olympiadId}/fonts/${font}`)).arrayBuffer();
      const { family, weight } = certificateFontFaces[font];
      return new FontFace(family, bytes, { weight: String(weight) }).load();
    }),
  );
  for (const face of faces) document.fonts.add(face);
  return true;
}

/**
 * The PDF's fonts on the page, once per visit (they are the same for every olympiad); true once they are there, so
 * that the canvas measures its texts again in them.
 */
export function useCertificateFonts(olympiadId: number | undefined): boolean {
  const query = useQuery({
    queryKey: certificatesKeys.fonts(),
    queryFn: () => loadCertificateFonts(olympiadId!),
    enabled: olympiadId != null,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return query.data === true;
}

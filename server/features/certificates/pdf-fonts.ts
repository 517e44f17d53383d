import type { CertificateField } from '#contract/certificates';
import { covers, type FontName } from '../../platform/pdf-fonts.js';

/* The font each text of a certificate prints in; the fonts themselves are the platform's (platform/pdf-fonts.ts). */

export { type FontName, fontFile, sharedFontkit } from '../../platform/pdf-fonts.js';

/** The field's font when it has every character of the text, else the serif of the same weight, else DejaVu. */
export function fontFor(wanted: CertificateField['font'], text: string): FontName {
  if (covers(wanted, text)) return wanted;
  const serif = wanted.endsWith('-bold') ? 'serif-bold' : 'serif';
  return covers(serif, text) ? serif : 'fallback';
}

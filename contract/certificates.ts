import { z } from 'zod';
import { AwardKey } from './results.js';

/**
 * Certificates (decision 032): the designer's config (`GET`/`POST /olympiad/certificate-config/{id}`, the POST
 * body this JSON), one template per certificate kind (an award key, `participation`, `best-in-school`).
 * Positions and sizes are in PDF points from the page's top-left corner (A4: 595 × 842 portrait, 842 × 595
 * landscape).
 */

/** What a field prints. `text` is fixed wording; `signature` and `qr` are images. */
export const certificateFieldKinds = [
  'learner',
  'school',
  'grade',
  'award',
  'score',
  'percent',
  'percentile',
  'rank',
  'date',
  'olympiad',
  'code',
  'text',
  'signature',
  'qr',
] as const;
export const CertificateFieldKind = z.enum(certificateFieldKinds);
export type CertificateFieldKind = z.infer<typeof CertificateFieldKind>;

/** The fonts embedded (and subset) in certificates; every one covers Afrikaans and other accented names. */
export const certificateFonts = ['serif', 'serif-bold', 'sans', 'sans-bold', 'script'] as const;
export const CertificateFont = z.enum(certificateFonts);

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #1a2b3c');

export const CertificateField = z.strictObject({
  kind: CertificateFieldKind,
  /** For `text`: the wording, which may hold {learner}, {school}, {award}, {olympiad} … placeholders. */
  text: z.string().max(500).optional(),
  x: z.number().min(0).max(2000),
  y: z.number().min(0).max(2000),
  /** The box width: text is aligned within it and shrunk to fit; images are scaled to it. */
  width: z.number().min(1).max(2000),
  /** Font size in points (text), or the image's height (signature, qr). */
  size: z.number().min(4).max(400),
  font: CertificateFont.default('serif'),
  align: z.enum(['left', 'center', 'right']).default('center'),
  colour: colour.default('#1a1a1a'),
});
export type CertificateField = z.infer<typeof CertificateField>;

export const CertificateTemplate = z.strictObject({
  orientation: z.enum(['portrait', 'landscape']).default('landscape'),
  /** An uploaded file (PDF first page, PNG or JPEG) drawn under the fields; null for a plain page. */
  backgroundFileId: z.number().int().positive().nullable().default(null),
  /** An uploaded signature image (PNG or JPEG) for `signature` fields. */
  signatureFileId: z.number().int().positive().nullable().default(null),
  fields: z.array(CertificateField).max(40),
});
export type CertificateTemplate = z.infer<typeof CertificateTemplate>;

/** The whole config: a template per kind; a kind without its own template uses `default`. */
export const CertificateConfig = z.strictObject({
  default: CertificateTemplate,
  templates: z.record(AwardKey, CertificateTemplate).default({}),
});
export type CertificateConfig = z.infer<typeof CertificateConfig>;

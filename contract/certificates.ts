import { z } from 'zod';
import { PublicAddress } from './public-address.js';
import { pageOf, PageQuery } from './errors.js';
import { Id, IdText } from './ids.js';
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
  /**
   * For `text`: the wording, which may hold {learner}, {school}, {award}, {olympiad} … placeholders. For
   * `signature`: who signs (placeholders too), printed on the signature line while the template has no signature
   * image, so that an unsigned certificate names its signatory instead of showing a blank line.
   */
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

// ---------------------------------------------------------------------------------------------------------------
// The certificate calls (server/features/certificates). How a field is placed, for the designer's canvas and the
// PDF alike: a text field's box starts at (x, y), is `width` wide and `size` tall; its text is aligned in the box
// (`align`), shrunk to fit the width, and sits on a baseline at y + 0.8 × size. A `qr` field is a square of side
// `size` aligned in its box; a `signature` field draws the signature image scaled into width × size (aligned, its
// foot on y + size) above a thin line at y + size; without an image it prints its `text` (the signatory) instead,
// aligned in the box, at 0.4 × size (shrunk to fit the width), on a baseline 4 points above the line. A template
// without a background gets the platform's frame (a double border in the accent colour); the rest of the page is
// white.

/** A certificate kind the olympiad's award rule gives (a band's key, `participation`, `best-in-school`). */
export const CertificateKindInfo = z.object({ key: z.string(), label: z.string() });
export type CertificateKindInfo = z.infer<typeof CertificateKindInfo>;

/**
 * The address certificates print ("verify at …", the QR code): the server's PUBLIC_URL, and whether it is one only
 * the server's own machine reaches (localhost, 127.x): then nobody who reads a certificate can check it.
 */
export const CertificatePublicAddress = PublicAddress;
export type CertificatePublicAddress = PublicAddress;

/** GET /olympiad/certificate-config/{id}: the saved config, or the default when none is saved (updatedAt null). */
export const CertificateConfigAnswer = z.object({
  success: z.literal(true),
  config: CertificateConfig,
  kinds: z.array(CertificateKindInfo),
  updatedAt: z.string().nullable(),
  /** Where the certificates send their readers: the designer's sample prints it as the PDF will. */
  publicAddress: CertificatePublicAddress,
});
export type CertificateConfigAnswer = z.infer<typeof CertificateConfigAnswer>;

/** POST /olympiad/certificate-config/{id} (body: a CertificateConfig): the config as saved. */
export const CertificateConfigSaved = z.object({
  success: z.literal(true),
  message: z.string(),
  config: CertificateConfig,
  updatedAt: z.string(),
});

export const certificateFileTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/**
 * POST /olympiad/certificate-config/{id}/files (multipart, field `file`: a PDF, PNG or JPEG): the stored file.
 * Width and height are the file's size in PDF points (an image's pixels at 72 dpi; a PDF's first page).
 */
export const CertificateFile = z.object({
  success: z.literal(true),
  fileId: z.number().int(),
  name: z.string(),
  contentType: z.enum(certificateFileTypes),
  width: z.number(),
  height: z.number(),
});
export type CertificateFile = z.infer<typeof CertificateFile>;

/** `/olympiad/certificate-config/{id}/files/{fileId}` */
export const CertificateFileParams = z.strictObject({ id: IdText, fileId: IdText });

/** `/olympiad/certificate-config/{id}/fonts/{font}`: a font the PDF prints with, for the designer's canvas. */
export const CertificateFontParams = z.strictObject({ id: IdText, font: CertificateFont });

/**
 * POST /olympiad/certificate-config/{id}/preview → application/pdf: one certificate of a real learner (the given
 * attempt, else the best-scoring finished attempt; a sample learner when nobody has written) with this config.
 */
export const CertificatePreviewBody = z.strictObject({
  config: CertificateConfig,
  kind: AwardKey.optional(),
  attemptId: Id.optional(),
});
export type CertificatePreviewBody = z.input<typeof CertificatePreviewBody>;

/**
 * POST /olympiad/certificate-config/{id}/preview?language=af: the language the preview is worded in (decision 095),
 * one the olympiad offers; left out, the olympiad's default language.
 */
export const CertificatePreviewQuery = z.strictObject({
  language: z.enum(['en', 'af'], 'Choose English (en) or Afrikaans (af)').optional(),
});
export type CertificatePreviewQuery = z.input<typeof CertificatePreviewQuery>;

const blankAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /olympiad/certificate-list/{id}: search by learner, school or code; filter by school and kind. */
export const CertificateListQuery = PageQuery.extend({
  schoolParticipantId: z.preprocess(blankAsUndefined, IdText.optional()),
  kind: z.preprocess(blankAsUndefined, AwardKey.optional()),
  sort: z.enum(['learnerName', 'schoolName', 'kind', 'grade', 'generatedAt']).optional(),
}).strict();
export type CertificateListQuery = z.input<typeof CertificateListQuery>;

export const CertificateListItem = z.object({
  id: z.number().int(),
  learnerName: z.string(),
  schoolName: z.string(),
  schoolParticipantId: z.number().int().nullable(),
  grade: z.number().int().nullable(),
  kind: z.string(),
  awardLabel: z.string(),
  code: z.string(),
  generatedAt: z.string(),
  revoked: z.boolean(),
});
export type CertificateListItem = z.infer<typeof CertificateListItem>;

export const CertificateKindCount = CertificateKindInfo.extend({ count: z.number().int() });

export const CertificateList = pageOf(CertificateListItem).extend({ kinds: z.array(CertificateKindCount) });
export type CertificateList = z.infer<typeof CertificateList>;

/** `?olympiadId=` of the generation and sending calls. */
export const CertificatesOlympiadQuery = z.strictObject({ olympiadId: IdText });

/** A background job of certificates (`certificates.generate`, `certificates.send`) as the status calls show it. */
export const CertificateJob = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  /** `certificates` (the rows), `pdf` (one PDF per school), `sending`, `done`. */
  phase: z.string().nullable(),
  error: z.string().nullable(),
  /** What it did, once done ("5 certificates generated for 2 schools"); null before, or when it failed. */
  message: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CertificateJob = z.infer<typeof CertificateJob>;

/** POST /certificates/generate?olympiadId and POST /certificates/send?olympiadId (202). */
export const CertificateJobStarted = z.object({ success: z.literal(true), message: z.string(), job: CertificateJob });
export type CertificateJobStarted = z.infer<typeof CertificateJobStarted>;

/** GET /certificates/get-generation-status?olympiadId: the latest generation job, and what exists. */
export const GenerationStatus = z.object({
  success: z.literal(true),
  /** Whether the olympiad's results are published (generation needs them). */
  published: z.boolean(),
  job: CertificateJob.nullable(),
  /** Schools with results, and those whose PDF is generated. */
  schools: z.object({ total: z.number().int(), generated: z.number().int() }),
  /** Certificates stored (revoked ones left out). */
  certificates: z.number().int(),
  /** The address the certificates print, to warn before generating or sending while it is a local one. */
  publicAddress: CertificatePublicAddress,
});
export type GenerationStatus = z.infer<typeof GenerationStatus>;

export const certificateSendStates = ['pending', 'queued', 'sent', 'failed'] as const;

/** GET certificates/get-send-status?olympiadId: the send job, the counts, and a page of schools. */
export const SendStatusQuery = PageQuery.extend({
  olympiadId: IdText,
  sendState: z.preprocess(blankAsUndefined, z.enum(certificateSendStates).optional()),
  sort: z.enum(['schoolName', 'sendState', 'generatedAt', 'sentAt']).optional(),
}).strict();
export type SendStatusQuery = z.input<typeof SendStatusQuery>;

export const SchoolSendState = z.object({
  schoolParticipantId: z.number().int(),
  schoolName: z.string(),
  /** The teacher the link goes to (the one who entered the school first); null when the school has none. */
  teacherEmail: z.string().nullable(),
  certificates: z.number().int(),
  generatedAt: z.string().nullable(),
  sendState: z.enum(certificateSendStates),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type SchoolSendState = z.infer<typeof SchoolSendState>;

export const SendStatus = z.object({
  success: z.literal(true),
  job: CertificateJob.nullable(),
  counts: z.object({
    pending: z.number().int(),
    queued: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
  }),
  schools: z.array(SchoolSendState),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SendStatus = z.infer<typeof SendStatus>;

/** GET certificates/regenerate-and-send-to-school?schoolParticipantId */
export const RegenerateQuery = z.strictObject({ schoolParticipantId: IdText });

/** GET /certificates/school?olympiadId: the teacher's own school (a page of its certificates, searchable). */
export const SchoolCertificatesQuery = PageQuery.extend({
  olympiadId: IdText,
  sort: z.enum(['learnerName', 'kind', 'grade']).optional(),
}).strict();
export type SchoolCertificatesQuery = z.input<typeof SchoolCertificatesQuery>;

export const SchoolCertificates = z.object({
  success: z.literal(true),
  /** False until the olympiad's results are published: then there is no batch and no certificate. */
  published: z.boolean(),
  /** The school participant whose certificates these are (null when the school is not entered). */
  schoolParticipantId: z.number().int().nullable(),
  batch: z
    .object({ certificates: z.number().int(), generatedAt: z.string().nullable(), sentAt: z.string().nullable() })
    .nullable(),
  certificates: z.array(CertificateListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SchoolCertificates = z.infer<typeof SchoolCertificates>;

/** `/certificates/school/{schoolParticipantId}/pdf` */
export const SchoolPdfParams = z.strictObject({ schoolParticipantId: IdText });

/** The codes printed on certificates: 12 characters of an alphabet without 0/O, 1/I/L or U. */
export const certificateCodeAlphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const certificateCodeLength = 12;

/** GET /api/public/certificates/{code} (no sign-in): dashes, spaces and case in the code are ignored. */
export const CertificateCodeParams = z.strictObject({ code: z.string().trim().min(1).max(40) });

export const CertificateCheck = z.object({
  success: z.literal(true),
  /** True for a certificate that stands; false when it was revoked (its result was withdrawn). */
  valid: z.boolean(),
  revoked: z.boolean(),
  code: z.string(),
  /** Empty when the learner was forgotten (decision 108): the certificate stands, issued to an anonymised learner. */
  learnerName: z.string(),
  anonymised: z.boolean(),
  schoolName: z.string(),
  olympiadName: z.string(),
  awardLabel: z.string(),
  grade: z.number().int().nullable(),
  issuedAt: z.string(),
});
export type CertificateCheck = z.infer<typeof CertificateCheck>;

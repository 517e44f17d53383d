import { z } from 'zod';
import { CertificateConfig } from '#contract/certificates';

/**
 * The answers of the certificate calls, as the server's brief (issue 13, certs) lays them out. Provisional: they
 * move to contract/certificates.ts with the server's routes, and these become imports from there.
 */

const iso = z.string();
const jobStatus = z.enum(['held', 'queued', 'running', 'done', 'failed']);

/** A certificate kind: an award key, `participation` or `best-in-school`. */
export const CertificateKindOption = z.object({ key: z.string(), label: z.string() });
export type CertificateKindOption = z.infer<typeof CertificateKindOption>;

export const CertificateConfigAnswer = z.object({
  config: CertificateConfig,
  kinds: z.array(CertificateKindOption),
  updatedAt: iso.nullable().optional(),
});
export type CertificateConfigAnswer = z.infer<typeof CertificateConfigAnswer>;

export const CertificateConfigSaved = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  config: CertificateConfig,
});

export const CertificateFile = z.object({
  fileId: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
});
export type CertificateFile = z.infer<typeof CertificateFile>;

export const CertificateRow = z.object({
  id: z.number().int(),
  learnerName: z.string(),
  schoolName: z.string(),
  schoolParticipantId: z.number().int(),
  grade: z.union([z.number(), z.string()]).nullable(),
  kind: z.string(),
  awardLabel: z.string(),
  code: z.string(),
  generatedAt: iso.nullable(),
  revoked: z.boolean(),
});
export type CertificateRow = z.infer<typeof CertificateRow>;

export const CertificateList = z.object({
  items: z.array(CertificateRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  kinds: z.array(CertificateKindOption.extend({ count: z.number().int() })),
});
export type CertificateList = z.infer<typeof CertificateList>;

export const CertificateJob = z.object({
  status: jobStatus,
  done: z.number(),
  total: z.number(),
  phase: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
  startedAt: iso.nullable().optional(),
  finishedAt: iso.nullable().optional(),
});
export type CertificateJob = z.infer<typeof CertificateJob>;

export const GenerationStatus = z.object({
  job: CertificateJob.nullable(),
  schools: z.object({ total: z.number().int(), generated: z.number().int() }),
  certificates: z.number().int(),
  published: z.boolean().optional(),
});
export type GenerationStatus = z.infer<typeof GenerationStatus>;

export const sendStates = ['pending', 'queued', 'sent', 'failed'] as const;
export const SendState = z.enum(sendStates);
export type SendState = z.infer<typeof SendState>;

export const SchoolSendStatus = z.object({
  schoolParticipantId: z.number().int(),
  schoolName: z.string(),
  teacherEmail: z.string().nullable(),
  certificates: z.number().int(),
  generatedAt: iso.nullable(),
  sendState: SendState,
  sentAt: iso.nullable(),
  error: z.string().nullable(),
});
export type SchoolSendStatus = z.infer<typeof SchoolSendStatus>;

export const SendStatus = z.object({
  job: CertificateJob.nullable(),
  counts: z.object({ pending: z.number(), queued: z.number(), sent: z.number(), failed: z.number() }),
  schools: z.array(SchoolSendStatus),
});
export type SendStatus = z.infer<typeof SendStatus>;

export const JobStarted = z.object({ success: z.literal(true), message: z.string().optional() }).passthrough();
export const Done = z.object({ success: z.literal(true), message: z.string().optional() });

export const SchoolCertificates = z.object({
  published: z.boolean(),
  publishedAt: iso.nullable().optional(),
  schoolName: z.string().optional(),
  schoolParticipantId: z.number().int().nullable().optional(),
  batch: z
    .object({ certificates: z.number().int(), generatedAt: iso.nullable(), sentAt: iso.nullable().optional() })
    .nullable(),
  certificates: z.array(CertificateRow),
});
export type SchoolCertificates = z.infer<typeof SchoolCertificates>;

export const CertificateCheck = z.object({
  valid: z.boolean(),
  revoked: z.boolean(),
  learnerName: z.string(),
  schoolName: z.string(),
  olympiadName: z.string(),
  awardLabel: z.string(),
  grade: z.union([z.number(), z.string()]).nullable(),
  issuedAt: iso.nullable(),
});
export type CertificateCheck = z.infer<typeof CertificateCheck>;

import { z } from 'zod';
import { Id, IdText, INT4_MAX } from './ids.js';
import { PageQuery } from './errors.js';
import { IsoInstant } from './time.js';

/** Where a message is in the queue (decision 010). */
export const emailStatuses = ['held', 'released', 'sending', 'sent', 'outbox', 'failed', 'suppressed'] as const;
export const EmailStatus = z.enum(emailStatuses);
export type EmailStatus = z.infer<typeof EmailStatus>;

const id = IdText;
const optionalId = z.preprocess((v) => (v === '' || v == null ? undefined : v), id.optional());

/** Paging, search and sort of the mail lists (every list is paged on the server). */
export const MailListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  olympiadId: optionalId,
});
export type MailListQuery = z.infer<typeof MailListQuery>;

export const QueuedEmailQuery = MailListQuery.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), EmailStatus.optional()),
  massMailId: optionalId,
});
export type QueuedEmailQuery = z.infer<typeof QueuedEmailQuery>;

/** One message in a list (no bodies). */
export const EmailSummary = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: EmailStatus,
  attempts: z.number(),
  lastError: z.string().nullable(),
  massMailId: z.number().nullable(),
  olympiadId: z.number().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** What the caller may do with this message (the server's policy answers). */
  can: z.object({ release: z.boolean() }),
});
export type EmailSummary = z.infer<typeof EmailSummary>;

export const EmailAttempt = z.object({
  at: z.string(),
  outcome: z.string(),
  response: z.string().nullable(),
  worker: z.string().nullable(),
  durationMs: z.number().nullable(),
});

/** One message opened to read it. */
export const EmailDetail = EmailSummary.extend({
  text: z.string(),
  html: z.string().nullable(),
  transport: z.string().nullable(),
  attachmentIds: z.array(z.number()),
  attempts: z.number(),
  log: z.array(EmailAttempt),
});
export type EmailDetail = z.infer<typeof EmailDetail>;

export function listOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    success: z.literal(true),
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });
}
export interface ListOf<T> {
  success: true;
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const ReleaseBatchQuery = z.object({
  massMailId: id,
  qty: z.coerce.number().int().min(1).max(100_000),
});

/**
 * POST /olympiad/reports/email-logs/{a}/{b}: a = olympiad id (0 = every olympiad and site-wide mail,
 * overlord only), b = page (from 1). The body narrows and sorts.
 */
export const EmailLogParams = z.object({
  a: z.coerce.number().int().min(0).max(INT4_MAX),
  b: z.coerce.number().int().min(1).max(1_000_000),
});
export const EmailLogBody = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(200).default(25),
    status: EmailStatus.optional(),
    search: z.string().trim().max(200).optional(),
    sort: z.string().max(40).optional(),
    order: z.enum(['asc', 'desc']).default('desc'),
    massMailId: optionalId,
  })
  .default({ pageSize: 25, order: 'desc' });
export const EmailLogSearchBody = z
  .object({
    olympiadId: z.coerce.number().int().min(0).default(0),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(25),
  })
  .default({ olympiadId: 0, page: 1, pageSize: 25 });

// ---- Unsubscribes and bounces ----

/** POST /unsubscribe/api/: a recipient with the ref of their message, or staff adding an address. */
export const UnsubscribeBody = z.union([
  z.strictObject({ ref: z.string().min(8).max(200) }),
  z.strictObject({ email: z.email().max(320), olympiadId: Id.nullable().optional() }),
]);
export type UnsubscribeBody = z.infer<typeof UnsubscribeBody>;

/** What the public unsubscribe page shows for a ref (the address is masked). */
export const UnsubscribeInfo = z.object({
  success: z.literal(true),
  email: z.string(),
  olympiad: z.object({ title: z.string(), varName: z.string() }).nullable(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfo>;

export const UnsubscribeRow = z.object({
  id: z.number(),
  email: z.string(),
  olympiadId: z.number().nullable(),
  olympiadTitle: z.string().nullable(),
  source: z.string(),
  createdAt: z.string(),
});
export type UnsubscribeRow = z.infer<typeof UnsubscribeRow>;

/** The unsubscribes report: a page of rows, and whether the caller may add an address here (the server's policy). */
export const UnsubscribeList = listOf(UnsubscribeRow).extend({ can: z.object({ addUnsubscribe: z.boolean() }) });
export type UnsubscribeList = z.infer<typeof UnsubscribeList>;

export const BounceKind = z.enum(['hard', 'soft', 'complaint']);
export const BounceRow = z.object({
  id: z.number(),
  email: z.string(),
  kind: BounceKind,
  reason: z.string(),
  emailId: z.number().nullable(),
  createdAt: z.string(),
});
export type BounceRow = z.infer<typeof BounceRow>;

/**
 * The bounce intake payload (POST /bounce/api/intake, header `x-bounce-secret: <BOUNCE_SECRET>`):
 * one notification or a batch. `emailId` is the `X-Olympus-Email-Id` header of the bounced message.
 */
export const BounceNotice = z.strictObject({
  email: z.email().max(320),
  kind: BounceKind,
  reason: z.string().max(1000).default(''),
  emailId: Id.optional(),
});
export const BounceIntakeBody = z.union([
  BounceNotice,
  z.strictObject({ bounces: z.array(BounceNotice).min(1).max(1000) }),
]);

// ---- Files ----

export const UploadRow = z.object({
  id: z.number(),
  filename: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number(),
  olympiadId: z.number().nullable(),
  createdAt: z.string(),
  can: z.object({ delete: z.boolean() }),
});
export type UploadRow = z.infer<typeof UploadRow>;

export const AttachmentRow = z.object({
  id: z.number(),
  uploadId: z.number(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
  olympiadId: z.number().nullable(),
  createdAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type AttachmentRow = z.infer<typeof AttachmentRow>;

export const AttachmentDeleteQuery = z.object({ uploadId: id });
export const AttachmentRenameQuery = z.object({
  uploadId: id,
  filename: z
    .string()
    .trim()
    .min(1, 'Give the file a name')
    .max(120)
    .refine(
      (s) => !/[/\\<>:"|?*]/.test(s) && ![...s].some((c) => c.charCodeAt(0) < 32),
      'A file name cannot contain / \\ < > : " | ? *',
    ),
});
export const UploadDeleteQuery = z.object({ filename: z.string().min(1).max(300) });
export const UploadQuery = z.object({ olympiadId: optionalId });

// ---- Mass mail ----

/**
 * Who a mailing reaches. Teachers of participating schools (not withdrawn), of every school, of participating
 * schools whose purchase order is not paid (pre-approved is not paid; decision 020), the olympiad's useful
 * contacts, or a pasted list.
 */
export const audienceKinds = [
  'participating-teachers',
  'all-teachers',
  'unpaid-teachers',
  'useful-contacts',
  'pasted',
] as const;
export const Audience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('participating-teachers') }),
  z.object({ kind: z.literal('all-teachers') }),
  z.object({ kind: z.literal('unpaid-teachers') }),
  z.object({ kind: z.literal('useful-contacts') }),
  z.object({ kind: z.literal('pasted'), addresses: z.array(z.string().trim().toLowerCase()).max(50_000) }),
]);
export type Audience = z.infer<typeof Audience>;

/** Splits pasted text into addresses: commas, semicolons, whitespace and new lines. */
export function parseAddresses(text: string): { valid: string[]; invalid: string[] } {
  const words = text
    .split(/[\s,;]+/)
    .map((w) => w.trim().replace(/^<|>$/g, ''))
    .filter(Boolean);
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const w of words) {
    if (z.email().safeParse(w).success) valid.add(w.toLowerCase());
    else invalid.push(w);
  }
  return { valid: [...valid], invalid };
}

export const MassMailInput = z.object({
  olympiadId: Id.nullable(),
  subject: z.string().trim().min(1, 'Give the mailing a subject').max(200),
  html: z.string().min(1, 'Write the message').max(200_000),
  audience: Audience,
  attachmentIds: z.array(Id).max(10).default([]),
  /**
   * When the sender releases the held messages by itself (an instant; the screens enter and show it in South
   * African time). Null or left out: the overlord releases them. Must be in the future.
   */
  scheduledFor: IsoInstant.nullable().default(null),
});
export type MassMailInput = z.input<typeof MassMailInput>;

/** PUT emailer/api/{id}/schedule: move or cancel (null) the schedule of a queued mailing (the overlord). */
export const ScheduleBody = z.strictObject({ scheduledFor: IsoInstant.nullable() });
export type ScheduleBody = z.infer<typeof ScheduleBody>;

export const MassMailProgress = z.object({
  held: z.number(),
  released: z.number(),
  sending: z.number(),
  sent: z.number(),
  failed: z.number(),
  suppressed: z.number(),
  bounced: z.number(),
  unsubscribed: z.number(),
});
export type MassMailProgress = z.infer<typeof MassMailProgress>;

export const MassMailRow = z.object({
  id: z.number(),
  olympiadId: z.number().nullable(),
  olympiadTitle: z.string().nullable(),
  subject: z.string(),
  html: z.string(),
  audience: Audience,
  attachmentIds: z.array(z.number()),
  status: z.enum(['draft', 'queued']),
  recipients: z.number(),
  createdAt: z.string(),
  queuedAt: z.string().nullable(),
  /** The release time set for the sender (null: the overlord releases). */
  scheduledFor: z.string().nullable(),
  /** When the sender released it at that time (null: not yet, or not scheduled). */
  scheduleReleasedAt: z.string().nullable(),
  progress: MassMailProgress,
  /** `edit`: compose, queue and delete (while a draft); `release`: release it and move its schedule (once queued). */
  can: z.object({ edit: z.boolean(), release: z.boolean() }),
});
export type MassMailRow = z.infer<typeof MassMailRow>;

export const AudienceCountBody = z.object({ olympiadId: Id.nullable(), audience: Audience });
export const AudienceCount = z.object({ success: z.literal(true), count: z.number(), suppressed: z.number() });
export type AudienceCount = z.infer<typeof AudienceCount>;

export const MailPreview = z.object({
  success: z.literal(true),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MailPreview = z.infer<typeof MailPreview>;

// ---- Useful contacts (spec: interested and affected parties) ----

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const UsefulContactInput = z.strictObject({
  olympiadId: Id,
  name: z.string().trim().min(2, 'Enter the contact’s name').max(200, 'Use at most 200 characters'),
  organisation: optionalText(200),
  role: optionalText(200),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320, 'Use at most 320 characters')
    .pipe(z.union([z.literal(''), z.email('Enter a valid email address')]))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  phone: optionalText(40).refine((v) => v == null || /^[+()\d\s./-]{3,40}$/.test(v), {
    message: 'Use digits, spaces and + ( ) - . / only',
  }),
  notes: optionalText(2000),
});
export type UsefulContactInput = z.input<typeof UsefulContactInput>;

export const UsefulContact = z.object({
  id: z.number(),
  olympiadId: z.number(),
  name: z.string(),
  organisation: z.string().nullable(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  /** Left out of mass mail: unsubscribed from this olympiad or bounced. */
  suppressed: z.boolean(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type UsefulContact = z.infer<typeof UsefulContact>;

export const usefulContactSorts = ['name', 'organisation', 'role', 'email', 'updatedAt'] as const;
export const UsefulContactListQuery = PageQuery.extend({
  olympiadId: IdText,
  sort: z.enum(usefulContactSorts).optional(),
}).strict();

// ---- System email templates ----

export const TemplateKindInfo = z.object({
  kind: z.string(),
  label: z.string(),
  variables: z.array(z.string()),
  subject: z.string(),
  html: z.string(),
  /** 'default' (built in), 'site' (overlord's copy) or 'olympiad' (this olympiad's copy). */
  source: z.enum(['default', 'site', 'olympiad']),
});
export type TemplateKindInfo = z.infer<typeof TemplateKindInfo>;

export const TemplateInput = z.object({
  subject: z.string().trim().min(1, 'Give the message a subject').max(300),
  html: z.string().min(1, 'Write the message').max(100_000),
});
export type TemplateInput = z.infer<typeof TemplateInput>;

/** `{{name}}` variables in a template. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!))];
}

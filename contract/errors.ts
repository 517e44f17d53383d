import { z } from 'zod';

/** Stable machine words for `code` in the one error shape (decision 006). */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'unknown_username',
  'wrong_password',
  'account_disabled',
  'token_invalid',
  'method_not_allowed',
  'terms_not_accepted',
  /** An image whose header claims more than 40 million pixels: refused before it is decoded. */
  'image_too_large',
  /** A manual payment identical to one recorded minutes ago: resend with `confirmDuplicate: true` if it is real. */
  'duplicate_payment',
  /** An Idempotency-Key used before with a different request. */
  'idempotency_key_reused',
  /** The server cannot take traffic yet or any more (a migration not applied, the database away, shutting down). */
  'not_ready',
  /** The password was right and the account uses two-factor sign-in: send it again with `code` (decision 106). */
  'two_factor_required',
  /** The one-time code or recovery code was wrong, already used, or out of time. */
  'two_factor_invalid',
  /** A session limited to enrolling in two-factor sign-in, on anything else: set it up first. */
  'two_factor_enrolment_required',
] as const;
export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** The one error shape: `message` and `error` carry the same human sentence. */
export const ErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string(),
  code: ErrorCode,
  details: z.array(FieldError).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A list page: every list is paged on the server. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  search: z.string().max(200).optional(),
  sort: z.string().max(60).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    success: z.literal(true),
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const Ok = z.object({ success: z.literal(true), message: z.string().optional() });

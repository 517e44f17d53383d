import { z } from 'zod';
import { IdText } from '../ids.js';
import { PageQuery } from '../errors.js';
import { flag } from './fields.js';

// Bank statements (/payment/api/statement…). Decision 031.

/** The statement formats read (the common South African banks' exports, and a generic mapping). */
export const statementFormats = ['auto', 'fnb', 'absa', 'standard-bank', 'nedbank', 'capitec', 'generic'] as const;
export const StatementFormat = z.enum(statementFormats);

/**
 * POST /payment/api/statement?olympiadId&format&dryRun (multipart: the csv file). With dryRun=true (the default)
 * nothing is saved: the answer is the report the accountant checks. With dryRun=false the import is saved: matched
 * lines become payments, unmatched lines wait to be matched by hand, duplicates are skipped.
 * The generic format names its columns: dateColumn, amountColumn, referenceColumn, descriptionColumn.
 */
export const StatementImportQuery = z.strictObject({
  olympiadId: IdText,
  format: StatementFormat.default('auto'),
  dryRun: flag.default(true),
  dateColumn: z.string().max(60).optional(),
  amountColumn: z.string().max(60).optional(),
  referenceColumn: z.string().max(60).optional(),
  descriptionColumn: z.string().max(60).optional(),
});

export const statementLineOutcomes = ['matched', 'unmatched', 'duplicate', 'ignored', 'invalid'] as const;

export const StatementReportLine = z.object({
  lineNo: z.number().int(),
  postedOn: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  reference: z.string(),
  description: z.string(),
  outcome: z.enum(statementLineOutcomes),
  /** Why it is unmatched, a duplicate, ignored (a debit) or invalid, in plain words. */
  note: z.string().nullable(),
  match: z
    .object({
      purchaseOrderId: z.number().int(),
      schoolName: z.string(),
      paymentReference: z.string(),
      balanceCents: z.number().int(),
      /** What the order's balance would be after this line: negative is an overpayment. */
      balanceAfterCents: z.number().int(),
    })
    .nullable(),
});
export type StatementReportLine = z.infer<typeof StatementReportLine>;

export const StatementReport = z.object({
  success: z.literal(true),
  message: z.string(),
  dryRun: z.boolean(),
  format: StatementFormat,
  importId: z.number().int().nullable(),
  totals: z.object({
    lines: z.number().int(),
    matched: z.number().int(),
    unmatched: z.number().int(),
    duplicates: z.number().int(),
    ignored: z.number().int(),
    invalid: z.number().int(),
    matchedCents: z.number().int(),
    unmatchedCents: z.number().int(),
  }),
  lines: z.array(StatementReportLine),
});
export type StatementReport = z.infer<typeof StatementReport>;

export const StatementLine = z.object({
  id: z.number().int(),
  importId: z.number().int(),
  filename: z.string(),
  lineNo: z.number().int(),
  postedOn: z.string(),
  amountCents: z.number().int(),
  reference: z.string(),
  description: z.string(),
  status: z.enum(['matched', 'unmatched', 'ignored']),
  purchaseOrderId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
});
export type StatementLine = z.infer<typeof StatementLine>;

/** GET /payment/api/statement-lines?olympiadId&status (the unmatched ones, to match by hand). */
export const StatementLineListQuery = PageQuery.extend({
  olympiadId: IdText,
  status: z.enum(['matched', 'unmatched', 'ignored']).default('unmatched'),
}).strict();

/** PUT /payment/api/statement-lines/{id}/match?purchaseOrderId: match a line by hand (a payment is recorded). */
export const StatementLineMatchQuery = z.strictObject({ purchaseOrderId: IdText });

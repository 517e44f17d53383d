import { z } from 'zod';
import { Id, IdText } from '../ids.js';

// Accounts (GET /account/v-rest/?olympiadId; /overlord/edit/accounts). Decision 031.

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const AccountInput = z.strictObject({
  name: z.string().trim().min(1, 'Give the account a name').max(120, 'A name has at most 120 characters'),
  legalName: z.string().trim().min(1, 'The legal name is printed on every invoice').max(200, 'At most 200 characters'),
  registrationNumber: optionalText(60, 'A registration number'),
  vatNumber: optionalText(30, 'A VAT number'),
  /** VAT in basis points: 1500 is 15 %. */
  vatRateBp: z.number().int('Whole basis points').min(0, 'VAT cannot be negative').max(10000, 'VAT is at most 100 %'),
  address: z.string().trim().max(500, 'An address has at most 500 characters').default(''),
  email: z
    .email('Enter an email address')
    .max(254)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  phone: optionalText(40, 'A phone number'),
  bankName: z.string().trim().min(1, 'The bank is printed on every invoice').max(80),
  bankAccountName: z.string().trim().min(1, 'The account holder is printed on every invoice').max(120),
  bankAccountNumber: z
    .string()
    .trim()
    .regex(/^[0-9 ]{6,20}$/, 'An account number is 6 to 20 digits'),
  bankBranchCode: z
    .string()
    .trim()
    .regex(/^[0-9]{4,8}$/, 'A branch code is 4 to 8 digits'),
  bankSwift: optionalText(11, 'A SWIFT code'),
  invoicePrefix: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{1,9}$/, 'A prefix is 2 to 10 letters or digits, starting with a letter'),
  referenceRule: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .refine((v) => v.includes('{order}'), 'The reference must contain {order}, so that each order’s is its own')
    .default('{prefix}{order}'),
  paymentTermsDays: z.number().int().min(0, 'At least 0 days').max(365, 'At most 365 days').default(30),
  footer: z.string().trim().max(1000, 'The footer has at most 1,000 characters').default(''),
  /** The olympiads this account invoices (each olympiad has at most one account; this moves them here). */
  olympiadIds: z.array(Id).max(200).default([]),
});
export type AccountInput = z.input<typeof AccountInput>;

export const Account = z.object({
  id: z.number().int(),
  name: z.string(),
  legalName: z.string(),
  registrationNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  vatRateBp: z.number().int(),
  address: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  bankName: z.string(),
  bankAccountName: z.string(),
  bankAccountNumber: z.string(),
  bankBranchCode: z.string(),
  bankSwift: z.string().nullable(),
  invoicePrefix: z.string(),
  referenceRule: z.string(),
  paymentTermsDays: z.number().int(),
  footer: z.string(),
  olympiads: z.array(z.object({ id: z.number().int(), varName: z.string(), title: z.string() })),
  /** How many invoices and credit notes it has issued (an account that has issued any cannot be removed). */
  documents: z.number().int(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type Account = z.infer<typeof Account>;

/** GET /account/v-rest/?olympiadId: every account (overlord), or the one of an olympiad. */
export const AccountListQuery = z.strictObject({ olympiadId: IdText.optional() });
export const AccountList = z.object({ success: z.literal(true), items: z.array(Account) });
export const AccountSaved = z.object({ success: z.literal(true), message: z.string(), account: Account });

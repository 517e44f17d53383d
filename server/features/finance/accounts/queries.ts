import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountInput } from '#contract/finance';
import { intArray, type Queryable, untypedRows } from '../../../db/client.js';
import { accounts } from '../../../db/schema/index.js';

export type AccountValues = Omit<z.output<typeof AccountInput>, 'olympiadIds'>;

export interface AccountDb {
  id: number;
  name: string;
  legal_name: string;
  registration_number: string | null;
  vat_number: string | null;
  vat_rate_bp: number;
  address: string;
  email: string | null;
  phone: string | null;
  bank_name: string;
  bank_account_name: string;
  bank_account_number: string;
  bank_branch_code: string;
  bank_swift: string | null;
  invoice_prefix: string;
  reference_rule: string;
  payment_terms_days: number;
  footer: string;
  updated_at: Date | string;
  olympiads: { id: number; varName: string; title: string }[];
  documents: number;
}

const select = sql`select a.*, coalesce((select json_agg(json_build_object('id', o.id, 'varName', o.var_name, 'title', o.title)
    order by o.year desc, o.title) from olympiads o where o.account_id = a.id), '[]'::json) as olympiads,
  (select count(*)::int from invoices i where i.account_id = a.id) as documents
  from accounts a`;

/** Every account, or the one of an olympiad. */
export async function listAccounts(q: Queryable, olympiadId?: number) {
  return untypedRows<AccountDb>(
    q,
    olympiadId == null
      ? sql`${select} order by lower(a.name)`
      : sql`${select} where a.id = (select account_id from olympiads where id = ${olympiadId})`,
  );
}

export async function findAccount(q: Queryable, id: number) {
  const [row] = await untypedRows<AccountDb>(q, sql`${select} where a.id = ${id}`);
  return row ?? null;
}

const columnsOf = (v: AccountValues) => ({
  name: v.name,
  legalName: v.legalName,
  registrationNumber: v.registrationNumber ?? null,
  vatNumber: v.vatNumber ?? null,
  vatRateBp: v.vatRateBp,
  address: v.address,
  email: v.email ?? null,
  phone: v.phone ?? null,
  bankName: v.bankName,
  bankAccountName: v.bankAccountName,
  bankAccountNumber: v.bankAccountNumber,
  bankBranchCode: v.bankBranchCode,
  bankSwift: v.bankSwift ?? null,
  invoicePrefix: v.invoicePrefix.toUpperCase(),
  referenceRule: v.referenceRule,
  paymentTermsDays: v.paymentTermsDays,
  footer: v.footer,
});

export async function insertAccount(q: Queryable, v: AccountValues) {
  const [row] = await q.insert(accounts).values(columnsOf(v)).returning({ id: accounts.id });
  return row!.id;
}

export async function updateAccount(q: Queryable, id: number, v: AccountValues) {
  await q
    .update(accounts)
    .set({ ...columnsOf(v), updatedAt: new Date() })
    .where(eq(accounts.id, id));
}

export async function deleteAccount(q: Queryable, id: number) {
  await q.delete(accounts).where(eq(accounts.id, id));
}

/** The olympiads an account invoices become exactly these (others it had are left without an account). */
export async function assignOlympiads(q: Queryable, accountId: number, olympiadIds: readonly number[]) {
  await q.execute(sql`update olympiads set account_id = null, updated_at = now()
    where account_id = ${accountId} and not (id = any(${intArray(olympiadIds)}))`);
  if (olympiadIds.length)
    await q.execute(sql`update olympiads set account_id = ${accountId}, updated_at = now()
      where id = any(${intArray(olympiadIds)})`);
}

/** Which of these olympiad ids exist. */
export async function existingOlympiads(q: Queryable, ids: readonly number[]) {
  if (!ids.length) return [];
  const found = await untypedRows<{ id: number }>(q, sql`select id from olympiads where id = any(${intArray(ids)})`);
  return found.map((r) => r.id);
}

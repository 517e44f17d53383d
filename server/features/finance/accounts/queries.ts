import { eq, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { AccountInput } from '#contract/finance';
import { IdRow, intArray, type Queryable, rows } from '../../../db/client.js';
import { accounts, olympiads } from '../../../db/schema/index.js';

export type AccountValues = Omit<z.output<typeof AccountInput>, 'olympiadIds'>;

/** An account (every column: the statement reads `a.*`), the olympiads it invoices and how many documents it issued. */
const AccountRow = createSelectSchema(accounts).extend({
  olympiads: z.array(createSelectSchema(olympiads).pick({ id: true, varName: true, title: true })),
  documents: z.number(),
});
export type AccountRow = z.infer<typeof AccountRow>;

const select = sql`select a.*, coalesce((select json_agg(json_build_object('id', o.id, 'varName', o.var_name, 'title', o.title)
    order by o.year desc, o.title) from olympiads o where o.account_id = a.id), '[]'::json) as olympiads,
  (select count(*)::int from invoices i where i.account_id = a.id) as documents
  from accounts a`;

/** Every account, or the one of an olympiad. */
export async function listAccounts(q: Queryable, olympiadId?: number) {
  return rows(
    q,
    AccountRow,
    olympiadId == null
      ? sql`${select} order by lower(a.name)`
      : sql`${select} where a.id = (select account_id from olympiads where id = ${olympiadId})`,
  );
}

export async function findAccount(q: Queryable, id: number) {
  const [row] = await rows(q, AccountRow, sql`${select} where a.id = ${id}`);
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
  const found = await rows(q, IdRow, sql`select id from olympiads where id = any(${intArray(ids)})`);
  return found.map((r) => r.id);
}

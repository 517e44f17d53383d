import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Account, AccountInput, AccountList, AccountListQuery, AccountSaved } from '#contract/finance';
import { IdParams } from '#contract/ids';
import type { Queryable } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { conflict, invalid } from '../../../http/errors.js';
import { defineLoader } from '../../../http/load.js';
import { reach } from '../../../http/reach.js';
import { route } from '../../../http/route.js';
import { iso } from '../../../platform/dates.js';
import { accountsPolicy } from '../policy.js';
import * as queries from './queries.js';

const tags = ['finance'];
const { access } = accountsPolicy;

const record = (a: queries.AccountRow) => ({
  olympiadIds: a.olympiads.map((o) => o.id),
  documents: a.documents,
});

const accountLoader = defineLoader({
  what: 'This account',
  policy: accountsPolicy,
  see: 'read',
  find: async (q, id: number) => {
    const a = await queries.findAccount(q, id);
    return a && { ...a, ...record(a) };
  },
});

function presentAccount(actor: Actor, a: queries.AccountRow): z.infer<typeof Account> {
  return {
    id: a.id,
    name: a.name,
    legalName: a.legalName,
    registrationNumber: a.registrationNumber,
    vatNumber: a.vatNumber,
    vatRateBp: a.vatRateBp,
    address: a.address,
    email: a.email,
    phone: a.phone,
    bankName: a.bankName,
    bankAccountName: a.bankAccountName,
    bankAccountNumber: a.bankAccountNumber,
    bankBranchCode: a.bankBranchCode,
    bankSwift: a.bankSwift,
    invoicePrefix: a.invoicePrefix,
    referenceRule: a.referenceRule,
    paymentTermsDays: a.paymentTermsDays,
    footer: a.footer,
    olympiads: a.olympiads,
    documents: a.documents,
    updatedAt: iso(a.updatedAt),
    can: accountsPolicy.flags(actor, record(a), ['update', 'delete']),
  };
}

/** The olympiads named must exist (400 naming the missing ones otherwise). */
async function checkOlympiads(q: Queryable, ids: readonly number[]) {
  const found = new Set(await queries.existingOlympiads(q, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw invalid([{ path: 'body.olympiadIds', message: `No olympiad ${missing.join(', ')}` }], 'Unknown olympiads');
}

const saved = async (q: Queryable, actor: Actor, id: number, message: string) => ({
  success: true as const,
  message,
  account: presentAccount(actor, (await queries.findAccount(q, id))!),
});

/**
 * Invoicing accounts (docs/spec.md §7 `GET /account/v-rest/?olympiadId`; /overlord/edit/accounts; decision 031):
 * the legal identity and bank details on an olympiad's invoices. The overlord keeps them; finance staff read
 * their olympiad's.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/account/v-rest/',
    summary: 'Invoicing accounts: every one (overlord), or the one of an olympiad (olympiadId)',
    tags,
    access: access.read,
    query: AccountListQuery,
    response: AccountList,
    handler: async ({ db, actor, query }) => {
      if (query.olympiadId == null && actor.role !== 'overlord') {
        const seen = reach(actor, access.read);
        const ids = seen.olympiads === 'all' ? null : new Set(seen.olympiads);
        const all = await queries.listAccounts(db);
        return {
          success: true as const,
          items: all.filter((a) => !ids || a.olympiads.some((o) => ids.has(o.id))).map((a) => presentAccount(actor, a)),
        };
      }
      if (query.olympiadId != null) reach(actor, access.read, query.olympiadId);
      const items = await queries.listAccounts(db, query.olympiadId);
      return { success: true as const, items: items.map((a) => presentAccount(actor, a)) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/account/v-rest/:id',
    summary: 'One invoicing account',
    tags,
    access: access.read,
    params: IdParams,
    response: z.object({ success: z.literal(true), account: Account }),
    load: ({ db, actor, params }) => accountLoader.load(db, actor, params.id, 'read'),
    handler: async ({ actor, record: a }) => ({ success: true as const, account: presentAccount(actor, a) }),
  });

  route(app, {
    method: 'POST',
    url: '/account/v-rest/',
    summary: 'Create an invoicing account, and move the olympiads named onto it',
    tags,
    access: access.create,
    body: AccountInput,
    response: AccountSaved,
    transaction: true,
    handler: async ({ db, actor, body, reply, audit }) => {
      const { olympiadIds, ...values } = body;
      await checkOlympiads(db, olympiadIds);
      const id = await queries.insertAccount(db, values);
      await queries.assignOlympiads(db, id, olympiadIds);
      await audit('account.create', { entityId: id, data: { ...values, olympiadIds } });
      reply.status(201);
      return saved(db, actor, id, `${values.name} is created`);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/account/v-rest/:id',
    summary:
      'Change an invoicing account; invoices already issued keep the details they were issued with. olympiadIds ' +
      'becomes exactly the olympiads it invoices',
    tags,
    access: access.update,
    params: IdParams,
    body: AccountInput,
    response: AccountSaved,
    transaction: true,
    load: ({ db, actor, params }) => accountLoader.load(db, actor, params.id, 'update'),
    handler: async ({ db, actor, body, record: before, audit }) => {
      const { olympiadIds, ...values } = body;
      await checkOlympiads(db, olympiadIds);
      await queries.updateAccount(db, before.id, values);
      await queries.assignOlympiads(db, before.id, olympiadIds);
      await audit('account.update', {
        entityId: before.id,
        data: {
          before: { ...before, olympiads: undefined, olympiadIds: before.olympiadIds },
          after: { ...values, olympiadIds },
        },
      });
      return saved(db, actor, before.id, `${values.name} is saved`);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/account/v-rest/:id',
    summary: 'Remove an invoicing account that has issued nothing (its olympiads are left without one)',
    tags,
    access: access.delete,
    params: IdParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    transaction: true,
    load: async ({ db, actor, params }) => {
      const a = await accountLoader.load(db, actor, params.id, 'read');
      if (!accountsPolicy.can(actor, 'delete', a))
        throw conflict(`${a.name} has issued ${a.documents} invoices and credit notes: it is kept for the record`);
      return a;
    },
    handler: async ({ db, record: a, audit }) => {
      await queries.deleteAccount(db, a.id);
      await audit('account.delete', { entityId: a.id, data: { name: a.name, olympiadIds: a.olympiadIds } });
      return { success: true as const, message: `${a.name} is removed` };
    },
  });
}

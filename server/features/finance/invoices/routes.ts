import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import { pageOf } from '#contract/errors';
import {
  Invoice,
  InvoiceIssued,
  InvoiceJob,
  InvoiceJobAnswer,
  InvoiceListQuery,
  IssueAllQuery,
  IssueInvoiceBody,
} from '#contract/finance';
import { conflict, notFound } from '../../../http/errors.js';
import { reach } from '../../../http/reach.js';
import { fileAnswer, route } from '../../../http/route.js';
import { audit, type AuditActor } from '../../../platform/audit.js';
import { isoOrNull } from '../../../platform/dates.js';
import { mailOnDemandOnce } from '../../../platform/mail-on-demand.js';
import { findJob, insertJob, jobMessage, type JobRow } from '../../../platform/jobs.js';
import { pageResult } from '../../../platform/paging.js';
import { invoiceLoader, orderLoader } from '../load.js';
import { financePolicy } from '../policy.js';
import { presentOrder } from '../present.js';
import { findOrder } from '../queries.js';
import { contactsOfOrders } from './contacts.js';
import { issueInvoice } from './issue.js';
import { documentOf, mailInvoice, pdfFileName } from './mail.js';
import { invoicePdfOffThread } from './pdf-pool.js';
import { presentInvoice } from './present.js';
import { findInvoice, listInvoices, olympiadAccount, ordersToInvoice } from './queries.js';
import { count } from '#contract/numbers';

const tags = ['finance'];
const { access } = financePolicy;
export const ISSUE_ALL_JOB = 'invoices.issue-all';
/** Orders issued at once by the issue-all job (see the job's handler). */
const ISSUE_CONCURRENCY = 4;
const JobParams = z.strictObject({ jobId: z.coerce.number().int().min(1).max(2_147_483_647) });

function presentJob(j: JobRow): InvoiceJob {
  const result = (j.result ?? {}) as { issued?: number; failed?: number };
  return {
    id: j.id,
    status: j.status === 'held' ? 'queued' : j.status,
    total: j.total,
    done: j.done,
    issued: Number(result.issued ?? 0),
    failed: Number(result.failed ?? 0),
    error: j.error,
    message: jobMessage(j),
    startedAt: isoOrNull(j.startedAt),
    finishedAt: isoOrNull(j.finishedAt),
  };
}

/**
 * Invoices and credit notes (decision 031; the spec does not show their calls): a teacher's school's, an
 * olympiad's for finance staff; issue or re-issue one order's; issue every school's as a background job; the PDF.
 */
export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const mailDeps = () => ({ mailer: app.mailer, storage: app.storage });

  route(app, {
    method: 'GET',
    url: '/invoice/api/',
    summary: 'Invoices and credit notes of an olympiad (a teacher: their school’s), newest first; paged, searchable',
    tags,
    access: access.read,
    query: InvoiceListQuery,
    response: pageOf(Invoice),
    handler: async ({ db, actor, query }) => {
      const seen = reach(actor, access.read, query.olympiadId);
      const { items, total } = await listInvoices(db, seen, query, query);
      return pageResult(items.map(presentInvoice), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/invoice/api/:id',
    summary: 'One invoice or credit note',
    tags,
    access: access.read,
    params: IdParams,
    response: z.object({ success: z.literal(true), invoice: Invoice }),
    load: ({ db, actor, params }) => invoiceLoader.load(db, actor, params.id, 'read'),
    handler: async ({ record }) => ({ success: true as const, invoice: presentInvoice(record) }),
  });

  route(app, {
    method: 'GET',
    url: '/invoice/api/:id/pdf',
    summary: 'The invoice or credit note as a PDF (A4), exactly as issued',
    tags,
    access: access.read,
    response: fileAnswer('application/pdf'),
    params: IdParams,
    heavy: true,
    load: ({ db, actor, params }) => invoiceLoader.load(db, actor, params.id, 'read'),
    handler: async ({ reply, record }) => {
      const bytes = await invoicePdfOffThread(documentOf(record));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdfFileName(record)}"`)
        .header('cache-control', 'private, max-age=0')
        .send(Buffer.from(bytes));
    },
  });

  route(app, {
    method: 'POST',
    url: '/invoice/api/issue/:id',
    summary:
      'Issue the purchase order’s invoice (id: the order), or, when the order changed since its invoice, credit that ' +
      'invoice and issue a new one; mailed to the school’s teachers unless mail is false',
    tags,
    access: access.issueInvoice,
    params: IdParams,
    body: IssueInvoiceBody,
    response: InvoiceIssued,
    transaction: true,
    idempotent: true,
    load: ({ db, actor, params }) => orderLoader.load(db, actor, params.id, 'issueInvoice'),
    handler: async ({ db, actor, body, record: order, audit }) => {
      const issued = await issueInvoice(db, order.id, actor.userId);
      const invoice = (await findInvoice(db, issued.invoiceId))!;
      const creditNote = issued.creditNoteId ? await findInvoice(db, issued.creditNoteId) : null;
      if (body.mail) {
        if (creditNote && creditNote.id !== invoice.id) await mailInvoice(db, mailDeps(), creditNote, actor.userId);
        await mailInvoice(db, mailDeps(), invoice, actor.userId);
      }
      await audit('invoice.issue', {
        entityId: invoice.id,
        olympiadId: order.olympiadId,
        data: {
          purchaseOrderId: order.id,
          documentNumber: invoice.documentNumber,
          totalCents: invoice.totalCents,
          creditNote: creditNote?.documentNumber ?? null,
        },
      });
      const after = (await findInvoice(db, invoice.id))!;
      const message =
        invoice.kind === 'credit_note'
          ? `Invoice ${creditNote?.creditsDocumentNumber ?? ''} is credited; there is nothing left to invoice`
          : creditNote
            ? `Invoice ${after.documentNumber} replaces ${creditNote.creditsDocumentNumber}, which is credited`
            : `Invoice ${after.documentNumber} is issued`;
      return {
        success: true as const,
        message: body.mail ? `${message} and mailed` : message,
        invoice: presentInvoice(after),
        creditNote:
          creditNote && creditNote.id !== invoice.id ? presentInvoice((await findInvoice(db, creditNote.id))!) : null,
        order: presentOrder(actor, (await findOrder(db, order.id))!),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/invoice/api/:id/mail',
    summary:
      'Mail the invoice or credit note again to the school’s teachers; at most once in 10 minutes per document ' +
      '(429 with Retry-After, nothing queued)',
    tags,
    access: access.issueInvoice,
    params: IdParams,
    response: z.object({ success: z.literal(true), message: z.string(), invoice: Invoice }),
    transaction: true,
    load: ({ db, actor, params }) => invoiceLoader.load(db, actor, params.id, 'issueInvoice'),
    handler: async ({ db, actor, record, audit }) => {
      await mailOnDemandOnce(db, 'invoice', record.id, record.documentNumber);
      const sent = await mailInvoice(db, mailDeps(), record, actor.userId);
      if (!sent) throw conflict('The school has no teacher with an email address to send it to');
      await audit('invoice.mail', { entityId: record.id, olympiadId: record.olympiadId, data: { to: sent } });
      return {
        success: true as const,
        message: `${record.documentNumber} is on its way to ${sent === 1 ? 'the school’s teacher' : `${sent} teachers`}`,
        invoice: presentInvoice((await findInvoice(db, record.id))!),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/invoice/api/issue-all',
    summary:
      'Issue every school’s invoice of an olympiad that has none or whose order changed, as a background job; ' +
      'poll GET /invoice/api/issue-all/{jobId}',
    tags,
    access: access.issueAll,
    query: IssueAllQuery,
    response: InvoiceJobAnswer,
    transaction: true,
    idempotent: true,
    handler: async ({ db, actor, query, reply, audit }) => {
      reach(actor, access.issueAll, query.olympiadId);
      const olympiad = await olympiadAccount(db, query.olympiadId);
      if (!olympiad) throw notFound('This olympiad');
      if (olympiad.accountId == null)
        throw conflict('This olympiad has no invoicing account yet: the platform owner sets one up under Accounts');
      const ids = await ordersToInvoice(db, query.olympiadId);
      if (!ids.length) throw conflict('Every school’s invoice is issued and up to date');
      const job = await insertJob(db, {
        kind: ISSUE_ALL_JOB,
        status: 'queued',
        label: `Invoices for ${count(ids.length, 'school')}`,
        total: ids.length,
        olympiadId: query.olympiadId,
        createdBy: actor.userId,
        payload: {
          olympiadId: query.olympiadId,
          mail: query.mail,
          actor: { userId: actor.userId, impersonatorId: actor.impersonatorId },
        },
      });
      await audit('invoice.issue-all', {
        entityId: query.olympiadId,
        olympiadId: query.olympiadId,
        data: { orders: ids.length, jobId: job.id },
      });
      app.jobs.kick();
      reply.status(202);
      return { success: true as const, message: `Issuing ${ids.length} invoices`, job: presentJob(job) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/invoice/api/issue-all/:jobId',
    summary: 'Progress of an issue-all job',
    tags,
    access: access.issueAll,
    params: JobParams,
    response: z.object({ success: z.literal(true), job: InvoiceJob }),
    handler: async ({ db, actor, params }) => {
      const job = await findJob(db, params.jobId, ISSUE_ALL_JOB);
      if (!job || !financePolicy.can(actor, 'issueAll', { olympiadId: job.olympiadId ?? 0 }))
        throw notFound('This job');
      return { success: true as const, job: presentJob(job) };
    },
  });

  app.jobs.register(ISSUE_ALL_JOB, async ({ job, progress }) => {
    const payload = job.payload as {
      olympiadId: number;
      mail: boolean;
      actor: { userId: number; impersonatorId: number | null };
    };
    const ids = await ordersToInvoice(app.db, payload.olympiadId);
    await progress(0, { total: ids.length, phase: 'issuing', force: true });
    // Every school's contacts in one statement, not one per order.
    const contacts = await contactsOfOrders(app.db, ids);
    let issued = 0;
    let failed = 0;
    let done = 0;
    let next = 0;
    const by = payload.actor.userId;
    const jobActor: AuditActor = { userId: by, impersonatorId: payload.actor.impersonatorId };
    /**
     * One order: the invoice in a short transaction (the numbering counter is locked only until it commits), then
     * its mail in a second one. A few orders run at once, so that one order's PDF is drawn while another waits
     * for the database; numbers stay gapless because each is taken and used in its own transaction. A new invoice
     * is mailed from what issuing wrote, without reading it back.
     */
    const issueOne = async (id: number) => {
      const result = await app.db.transaction(async (tx) => {
        const r = await issueInvoice(tx, id, by, contacts.get(id) ?? []);
        await audit(tx, jobActor, 'invoice.issue', {
          entityId: r.invoiceId,
          olympiadId: payload.olympiadId,
          data: { purchaseOrderId: id, documentNumber: r.documentNumber, jobId: job.id },
        });
        return r;
      });
      if (!payload.mail) return;
      await app.db.transaction(async (tx) => {
        const invoice = result.invoice ?? (await findInvoice(tx, result.invoiceId))!;
        if (result.creditNoteId && result.creditNoteId !== invoice.id)
          await mailInvoice(tx, mailDeps(), (await findInvoice(tx, result.creditNoteId))!, by, result.contacts);
        await mailInvoice(tx, mailDeps(), invoice, by, result.contacts);
      });
    };
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        try {
          await issueOne(id);
          issued++;
        } catch {
          // An order that cannot be invoiced (removed meanwhile, nothing to pay for) is counted, not fatal.
          failed++;
        }
        done++;
        await progress(done);
      }
    };
    await Promise.all(Array.from({ length: ISSUE_CONCURRENCY }, worker));
    await progress(done, { force: true, phase: 'done' });
    const what = `${count(issued, 'invoice')} issued${payload.mail && issued ? ' and mailed' : ''}`;
    return { issued, failed, message: failed ? `${what}; ${count(failed, 'order')} could not be invoiced` : what };
  });
}

import { pageResult } from '../../platform/paging.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams, IdText } from '../../../contract/ids.js';
import {
  EmailDetail,
  EmailLogBody,
  EmailLogParams,
  EmailLogSearchBody,
  EmailSummary,
  QueuedEmailQuery,
  ReleaseBatchQuery,
  listOf,
} from '../../../contract/mail.js';
import { conflict, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { mailAccess, mailPolicy } from './policy.js';
import { presentEmail, presentEmailDetail } from './present.js';
import * as queries from './queries.js';

const tags = ['mail'];
const XParams = z.strictObject({ x: IdText });
const TermParams = z.strictObject({ x: z.string().trim().min(1).max(200) });
const Released = z.object({ success: z.literal(true), released: z.number(), held: z.number() });
const roles = ['admin'] as const;

/** The queue (docs/spec.md §7 queued-email/…) and the email logs (olympiad/reports/email-logs/…). */
export async function queueRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/queued-email/',
    summary: 'Queued and sent messages, paged; filter by olympiadId, massMailId, status; search; sort',
    tags,
    access: mailAccess.queue,
    query: QueuedEmailQuery,
    response: listOf(EmailSummary),
    handler: async ({ actor, query }) => {
      const scope = mailPolicy.scope(actor, query.olympiadId, roles);
      const { items, total } = await queries.listEmails(app.db, scope, query, query);
      return pageResult(items.map(presentEmail), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/queued-email/search/:x',
    summary: 'Search queued and sent messages by recipient, subject or kind (x is the term)',
    tags,
    access: mailAccess.queue,
    params: TermParams,
    query: QueuedEmailQuery.omit({ search: true }),
    response: listOf(EmailSummary),
    handler: async ({ actor, params, query }) => {
      const scope = mailPolicy.scope(actor, query.olympiadId, roles);
      const paging = { ...query, search: params.x };
      const { items, total } = await queries.listEmails(app.db, scope, query, paging);
      return pageResult(items.map(presentEmail), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/queued-email/:x',
    summary: 'One message (x is its id) with its bodies and every delivery attempt',
    tags,
    access: mailAccess.queue,
    params: XParams,
    response: z.object({ success: z.literal(true), email: EmailDetail }),
    handler: async ({ actor, params }) => {
      const email = await queries.findEmail(app.db, params.x);
      if (!email || !mailPolicy.canSee(actor, email.olympiad_id, roles)) throw notFound('This message');
      return { success: true, email: presentEmailDetail(email, await queries.attemptsOf(app.db, email.id)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/queued-email/release/:id',
    summary: 'Release one held message to the sender',
    tags,
    access: mailAccess.release,
    params: IdParams,
    response: Released,
    handler: async ({ req, actor, params }) => {
      const email = await queries.findEmail(app.db, params.id);
      if (!email) throw notFound('This message');
      const released = await app.db.transaction(async (tx) => {
        const ok = await queries.releaseOne(tx, email.id);
        if (ok)
          await audit(tx, actor, {
            action: 'queued-email.release',
            entity: 'email',
            entityId: email.id,
            olympiadId: email.olympiad_id,
            ip: req.ip,
          });
        return ok;
      });
      if (!released) throw conflict(`This message is ${email.status}, not held`);
      app.mailSender.kick();
      return { success: true, released: 1, held: 0 };
    },
  });

  route(app, {
    method: 'POST',
    url: '/queued-email/release-batch/',
    summary: 'Release the next qty held messages of a mailing (oldest first); answers how many stay held',
    tags,
    access: mailAccess.release,
    query: ReleaseBatchQuery,
    response: Released,
    handler: async ({ req, actor, query }) => {
      const result = await app.db.transaction(async (tx) => {
        const exists = await queries.massMailExists(tx, query.massMailId);
        if (!exists) return null;
        const r = await queries.releaseBatch(tx, query.massMailId, query.qty);
        await audit(tx, actor, {
          action: 'queued-email.release-batch',
          entity: 'mass_mail',
          entityId: query.massMailId,
          olympiadId: exists.olympiad_id,
          data: { qty: query.qty, released: r.released },
          ip: req.ip,
        });
        return r;
      });
      if (!result) throw notFound('This mailing');
      app.mailSender.kick();
      return { success: true, ...result };
    },
  });

  // ---- Email logs: a = olympiad id (0: all, overlord), b = page ----
  route(app, {
    method: 'POST',
    url: '/olympiad/reports/email-logs/:a/:b',
    summary: 'Email log, paged: a is the olympiad id (0 for every olympiad, overlord only), b the page (from 1)',
    tags,
    access: mailAccess.logs,
    params: EmailLogParams,
    body: EmailLogBody,
    response: listOf(EmailSummary),
    handler: async ({ actor, params, body }) => {
      const scope = mailPolicy.scope(actor, params.a, roles);
      const paging = {
        page: params.b,
        pageSize: body.pageSize,
        search: body.search,
        sort: body.sort,
        order: body.order,
      };
      const { items, total } = await queries.listEmails(app.db, scope, body, paging);
      return pageResult(items.map(presentEmail), total, paging);
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/reports/email-logs/search/:term',
    summary: 'Search the email log by recipient, subject or kind; the body gives olympiadId (0: all) and the page',
    tags,
    access: mailAccess.logs,
    params: z.strictObject({ term: z.string().trim().min(1).max(200) }),
    body: EmailLogSearchBody,
    response: listOf(EmailSummary),
    handler: async ({ actor, params, body }) => {
      const scope = mailPolicy.scope(actor, body.olympiadId, roles);
      const paging = { page: body.page, pageSize: body.pageSize, search: params.term, order: 'desc' as const };
      const { items, total } = await queries.listEmails(app.db, scope, {}, paging);
      return pageResult(items.map(presentEmail), total, paging);
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams, IdText } from '#contract/ids';
import { EmailDetail, EmailSummary, QueuedEmailQuery, ReleaseBatchQuery, listOf } from '#contract/mail';
import { conflict } from '../../../http/errors.js';
import { route } from '../../../http/route.js';
import { audit } from '../../../platform/audit.js';
import { pageResult } from '../../../platform/paging.js';
import { emailLoader, mailReach, massMailLoader } from '../load.js';
import { mailPolicy } from '../policy.js';
import { presentEmail, presentEmailDetail } from './present.js';
import * as queries from './queries.js';

const tags = ['mail'];
const { access } = mailPolicy;
const XParams = z.strictObject({ x: IdText });
const TermParams = z.strictObject({ x: z.string().trim().min(1).max(200) });
const Released = z.object({ success: z.literal(true), released: z.number(), held: z.number() });

/**
 * The queue (docs/spec.md §7 queued-email/…). Releasing commits before the sender is woken (so it sees the
 * released rows at once): those two routes open their own transaction and audit in it.
 */
export async function queueRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/queued-email/',
    summary: 'Queued and sent messages, paged; filter by olympiadId, massMailId, status; search; sort',
    tags,
    access: access.queue,
    query: QueuedEmailQuery,
    response: listOf(EmailSummary),
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listEmails(db, mailReach(actor, 'queue', query.olympiadId), query, query);
      return pageResult(
        items.map((e) => presentEmail(actor, e)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/queued-email/search/:x',
    summary: 'Search queued and sent messages by recipient, subject or kind (x is the term)',
    tags,
    access: access.queue,
    params: TermParams,
    query: QueuedEmailQuery.omit({ search: true }),
    response: listOf(EmailSummary),
    handler: async ({ db, actor, params, query }) => {
      const reach = mailReach(actor, 'queue', query.olympiadId);
      const { items, total } = await queries.listEmails(db, reach, query, { ...query, search: params.x });
      return pageResult(
        items.map((e) => presentEmail(actor, e)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/queued-email/:x',
    summary: 'One message (x is its id) with its bodies and every delivery attempt',
    tags,
    access: access.queue,
    params: XParams,
    response: z.object({ success: z.literal(true), email: EmailDetail }),
    load: ({ db, actor, params }) => emailLoader.load(db, actor, params.x, 'queue'),
    handler: async ({ db, actor, record: email }) => ({
      success: true as const,
      email: presentEmailDetail(actor, email, await queries.attemptsOf(db, email.id)),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/queued-email/release/:id',
    summary: 'Release one held message to the sender',
    tags,
    access: access.release,
    params: IdParams,
    response: Released,
    load: ({ db, actor, params }) => emailLoader.load(db, actor, params.id, 'release'),
    handler: async ({ req, actor, record: email }) => {
      const released = await app.db.transaction(async (tx) => {
        const ok = await queries.releaseOne(tx, email.id);
        if (ok)
          await audit(tx, actor, 'queued-email.release', {
            entityId: email.id,
            olympiadId: email.olympiadId,
            ip: req.ip,
          });
        return ok;
      });
      if (!released) throw conflict(`This message is ${email.status}, not held`);
      app.mailSender.kick();
      return { success: true as const, released: 1, held: 0 };
    },
  });

  route(app, {
    method: 'POST',
    url: '/queued-email/release-batch/',
    summary: 'Release the next qty held messages of a mailing (oldest first); answers how many stay held',
    tags,
    access: access.release,
    query: ReleaseBatchQuery,
    response: Released,
    load: ({ db, actor, query }) => massMailLoader.load(db, actor, query.massMailId, 'release'),
    handler: async ({ req, actor, query, record: mailing }) => {
      const result = await app.db.transaction(async (tx) => {
        const r = await queries.releaseBatch(tx, mailing.id, query.qty);
        await audit(tx, actor, 'queued-email.release-batch', {
          entityId: mailing.id,
          olympiadId: mailing.olympiadId,
          data: { qty: query.qty, released: r.released },
          ip: req.ip,
        });
        return r;
      });
      app.mailSender.kick();
      return { success: true as const, ...result };
    },
  });
}

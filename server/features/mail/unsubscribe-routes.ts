import { writeCsv } from '../../platform/csv.js';
import { pageResult } from '../../platform/paging.js';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Ok } from '../../../contract/errors.js';
import {
  BounceIntakeBody,
  BounceKind,
  BounceRow,
  MailListQuery,
  UnsubscribeBody,
  UnsubscribeInfo,
  UnsubscribeRow,
  listOf,
} from '../../../contract/mail.js';
import { rows } from '../../db/client.js';
import { forbidden, notFound, unauthenticated } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { mailAccess, mailPolicy } from './policy.js';
import { presentBounce, presentUnsubscribe } from './present.js';
import * as queries from './queries.js';
import { maskEmail } from './unsubscribe-ref.js';

const tags = ['mail'];
const RefParams = z.strictObject({ ref: z.string().min(8).max(200) });

async function olympiadOf(app: FastifyInstance, id: number | null) {
  if (id == null) return null;
  const [o] = await rows<{ title: string; var_name: string }>(
    app.db,
    sql`select title, var_name from olympiads where id = ${id}`,
  );
  return o ? { title: o.title, varName: o.var_name } : null;
}

/** Unsubscribes (public pages, one-click, staff lists) and bounces (intake, list). */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` form-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  async function unsubscribeByRef(ref: string, source: string) {
    const email = await queries.findByRef(app.db, ref);
    if (!email || email.mass_mail_id == null) throw notFound('This unsubscribe link');
    await app.db.transaction(async (tx) => {
      const added = await queries.addUnsubscribe(tx, {
        email: email.to_address,
        olympiadId: email.olympiad_id,
        massMailId: email.mass_mail_id,
        source,
      });
      if (added) {
        await audit(tx, null, {
          action: 'unsubscribe',
          entity: 'unsubscribe',
          entityId: email.id,
          olympiadId: email.olympiad_id,
          data: { source },
        });
      }
    });
    return email;
  }

  route(app, {
    method: 'GET',
    url: '/unsubscribe/api/:id',
    summary: 'What an unsubscribe ref (id) stands for: the masked address, the olympiad, whether it is already done',
    tags,
    access: mailAccess.public,
    params: z.strictObject({ id: z.string().min(1).max(200) }),
    response: UnsubscribeInfo,
    handler: async ({ params }) => {
      const email = await queries.findByRef(app.db, params.id);
      if (!email || email.mass_mail_id == null) throw notFound('This unsubscribe link');
      return {
        success: true,
        email: maskEmail(email.to_address),
        olympiad: await olympiadOf(app, email.olympiad_id),
        unsubscribed: await queries.isUnsubscribed(app.db, email.to_address, email.olympiad_id),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/unsubscribe/api/',
    summary:
      'Unsubscribe: a recipient with { ref } from their message (no sign-in), or the overlord/an admin adding { email, olympiadId }',
    tags,
    access: mailAccess.public,
    body: UnsubscribeBody,
    response: Ok,
    handler: async ({ req, actor, body }) => {
      if ('ref' in body) {
        await unsubscribeByRef(body.ref, 'link');
        return { success: true, message: 'You are unsubscribed' };
      }
      if (!actor) throw unauthenticated();
      const olympiadId = body.olympiadId ?? null;
      if (!mailAccess.unsubscribeByStaff.some((r) => r === actor.role || actor.grants.some((g) => g.role === r)))
        throw forbidden();
      if (!mailPolicy.canSee(actor, olympiadId, ['admin'])) throw notFound('This olympiad');
      await app.db.transaction(async (tx) => {
        await queries.addUnsubscribe(tx, { email: body.email, olympiadId, massMailId: null, source: 'staff' });
        await audit(tx, actor, {
          action: 'unsubscribe.add',
          entity: 'unsubscribe',
          entityId: body.email,
          olympiadId,
          ip: req.ip,
        });
      });
      return { success: true, message: `${body.email} gets no more mass mail` };
    },
  });

  route(app, {
    method: 'POST',
    url: '/unsubscribe/api/one-click/:ref',
    summary: 'RFC 8058 one-click unsubscribe (the List-Unsubscribe URL of every mass mail)',
    tags,
    access: mailAccess.public,
    params: RefParams,
    response: Ok,
    handler: async ({ params }) => {
      await unsubscribeByRef(params.ref, 'one-click');
      return { success: true, message: 'You are unsubscribed' };
    },
  });

  route(app, {
    method: 'GET',
    url: '/unsubscribe/v-rest/',
    summary:
      'Unsubscribed addresses, paged and searchable; olympiadId (required but for the overlord); format=csv exports',
    tags,
    access: mailAccess.unsubscribes,
    query: MailListQuery.extend({ format: z.enum(['json', 'csv']).default('json') }),
    response: listOf(UnsubscribeRow),
    handler: async ({ actor, query, reply }) => {
      const scope = mailPolicy.scope(actor, query.olympiadId, ['admin', 'funding']);
      if (query.format === 'csv') {
        const { items } = await queries.listUnsubscribes(app.db, scope, { ...query, page: 1, pageSize: 100_000 });
        const csv = writeCsv(
          ['email', 'olympiad', 'source', 'unsubscribed_at'],
          items.map((u) => [
            u.email,
            u.olympiad_title ?? 'All of Olympus',
            u.source,
            new Date(u.created_at).toISOString(),
          ]),
          { bom: false },
        );
        void reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="unsubscribes.csv"')
          .header('x-content-type-options', 'nosniff');
        return csv;
      }
      const { items, total } = await queries.listUnsubscribes(app.db, scope, query);
      return pageResult(items.map(presentUnsubscribe), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/bounce/api/',
    summary: 'Bounced addresses, paged and searchable (kind: hard, soft, complaint)',
    tags,
    access: mailAccess.bounces,
    query: MailListQuery.extend({ kind: z.preprocess((v) => (v === '' ? undefined : v), BounceKind.optional()) }),
    response: listOf(BounceRow),
    handler: async ({ query }) => {
      const { items, total } = await queries.listBounces(app.db, query.kind, query);
      return pageResult(items.map(presentBounce), total, query);
    },
  });

  route(app, {
    method: 'POST',
    url: '/bounce/api/intake',
    summary:
      'Bounce notifications from the mail provider, authenticated by the x-bounce-secret header (BOUNCE_SECRET): ' +
      '{ email, kind: hard|soft|complaint, reason?, emailId? } or { bounces: [...] }',
    tags,
    access: mailAccess.public,
    body: BounceIntakeBody,
    response: z.object({ success: z.literal(true), recorded: z.number() }),
    handler: async ({ req, body }) => {
      const secret = app.config.mail.bounceSecret;
      const given = req.headers['x-bounce-secret'];
      const ok =
        !!secret &&
        typeof given === 'string' &&
        given.length === secret.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(secret));
      if (!ok) throw forbidden('The bounce intake secret is missing or wrong');
      const notices = 'bounces' in body ? body.bounces : [body];
      await app.db.transaction(async (tx) => {
        for (const n of notices) await queries.addBounce(tx, n);
      });
      return { success: true, recorded: notices.length };
    },
  });
}

import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Ok } from '#contract/errors';
import {
  BounceIntakeBody,
  BounceKind,
  BounceRow,
  MailListQuery,
  UnsubscribeBody,
  UnsubscribeInfo,
  UnsubscribeList,
  listOf,
} from '#contract/mail';
import type { Queryable } from '../../../db/client.js';
import { forbidden, notFound, unauthenticated } from '../../../http/errors.js';
import { passes } from '../../../http/policy.js';
import { route } from '../../../http/route.js';
import { audit } from '../../../platform/audit.js';
import { tableCsv } from '../../../platform/xlsx.js';
import { findOlympiad } from '../../../platform/olympiad-lookup.js';
import { pageResult } from '../../../platform/paging.js';
import { mailReach, mailTarget } from '../load.js';
import { mailPolicy } from '../policy.js';
import { presentBounce, presentUnsubscribe } from './present.js';
import * as queries from './queries.js';
import { maskEmail } from '../unsubscribe-ref.js';

const tags = ['mail'];
const { access } = mailPolicy;
const RefParams = z.strictObject({ ref: z.string().min(8).max(200) });
const unsubscribeLinkNotFound = () => notFound('This unsubscribe link');

/** The mass-mail message a personal unsubscribe ref was sent in (404 for any other ref). */
async function messageOf(q: Queryable, ref: string) {
  const email = await queries.findByRef(q, ref);
  if (!email || email.massMailId == null) throw unsubscribeLinkNotFound();
  return { ...email, massMailId: email.massMailId };
}

/**
 * A recipient unsubscribes by the ref of their message. The audit row names no actor: the recipient is not
 * signed in, whoever's browser follows the link.
 */
async function unsubscribeByRef(q: Queryable, ref: string, source: string) {
  const email = await messageOf(q, ref);
  const added = await queries.addUnsubscribe(q, {
    email: email.toAddress,
    olympiadId: email.olympiadId,
    massMailId: email.massMailId,
    source,
  });
  if (added) {
    await audit(q, null, 'unsubscribe.create', {
      entityId: email.id,
      olympiadId: email.olympiadId,
      data: { source },
    });
  }
}

/** Unsubscribes (public pages, one-click, staff lists) and bounces (intake, list). */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` form-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  route(app, {
    method: 'GET',
    url: '/unsubscribe/api/:id',
    summary: 'What an unsubscribe ref (id) stands for: the masked address, the olympiad, whether it is already done',
    tags,
    access: access.public,
    params: z.strictObject({ id: z.string().min(1).max(200) }),
    response: UnsubscribeInfo,
    handler: async ({ db, params }) => {
      const email = await messageOf(db, params.id);
      const olympiad = email.olympiadId == null ? null : await findOlympiad(db, email.olympiadId);
      return {
        success: true as const,
        email: maskEmail(email.toAddress),
        olympiad: olympiad ? { title: olympiad.title, varName: olympiad.varName } : null,
        unsubscribed: await queries.isUnsubscribed(db, email.toAddress, email.olympiadId),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/unsubscribe/api/',
    summary:
      'Unsubscribe: a recipient with { ref } from their message (no sign-in), or the overlord/an admin adding { email, olympiadId }',
    tags,
    access: access.public,
    body: UnsubscribeBody,
    response: Ok,
    transaction: true,
    handler: async ({ db, actor, body, audit: auditChange }) => {
      if ('ref' in body) {
        await unsubscribeByRef(db, body.ref, 'link');
        return { success: true as const, message: 'You are unsubscribed' };
      }
      if (!actor) throw unauthenticated();
      if (!passes(access.addUnsubscribe, actor)) throw forbidden();
      const olympiadId = mailTarget(actor, 'addUnsubscribe', body.olympiadId, 'notFound');
      await queries.addUnsubscribe(db, { email: body.email, olympiadId, massMailId: null, source: 'staff' });
      await auditChange('unsubscribe.add', { entityId: body.email, olympiadId });
      return { success: true as const, message: `${body.email} gets no more mass mail` };
    },
  });

  route(app, {
    method: 'POST',
    url: '/unsubscribe/api/one-click/:ref',
    summary: 'RFC 8058 one-click unsubscribe (the List-Unsubscribe URL of every mass mail)',
    tags,
    access: access.public,
    params: RefParams,
    response: Ok,
    transaction: true,
    handler: async ({ db, params }) => {
      await unsubscribeByRef(db, params.ref, 'one-click');
      return { success: true as const, message: 'You are unsubscribed' };
    },
  });

  route(app, {
    method: 'GET',
    url: '/unsubscribe/v-rest/',
    summary:
      'Unsubscribed addresses, paged and searchable; olympiadId (required but for the overlord); format=csv exports; ' +
      'can.add says whether the caller may add an address here',
    tags,
    access: access.unsubscribes,
    query: MailListQuery.extend({ format: z.enum(['json', 'csv']).default('json') }),
    heavy: ({ query }) => query.format === 'csv',
    response: UnsubscribeList,
    handler: async ({ db, actor, query, reply }) => {
      const reach = mailReach(actor, 'unsubscribes', query.olympiadId);
      if (query.format === 'csv') {
        const { items } = await queries.listUnsubscribes(db, reach, { ...query, page: 1, pageSize: 100_000 });
        const csv = tableCsv(
          [
            { header: 'email', value: 'email' },
            { header: 'olympiad', value: (u) => u.olympiadTitle ?? 'All of Olympus' },
            { header: 'source', value: 'source' },
            { header: 'unsubscribed_at', format: 'datetime', value: (u) => u.createdAt },
          ],
          items,
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="unsubscribes.csv"')
          .header('x-content-type-options', 'nosniff')
          .send(csv);
      }
      const { items, total } = await queries.listUnsubscribes(db, reach, query);
      return {
        ...pageResult(items.map(presentUnsubscribe), total, query),
        can: mailPolicy.flags(actor, { olympiadId: query.olympiadId ?? null }, ['addUnsubscribe']),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/bounce/api/',
    summary: 'Bounced addresses, paged and searchable (kind: hard, soft, complaint)',
    tags,
    access: access.bounces,
    query: MailListQuery.extend({ kind: z.preprocess((v) => (v === '' ? undefined : v), BounceKind.optional()) }),
    response: listOf(BounceRow),
    handler: async ({ db, query }) => {
      const { items, total } = await queries.listBounces(db, query.kind, query);
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
    access: access.public,
    body: BounceIntakeBody,
    response: z.object({ success: z.literal(true), recorded: z.number() }),
    transaction: true,
    handler: async ({ db, req, body }) => {
      const secret = app.config.mail.bounceSecret;
      const given = req.headers['x-bounce-secret'];
      const ok =
        !!secret &&
        typeof given === 'string' &&
        given.length === secret.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(secret));
      if (!ok) throw forbidden('The bounce intake secret is missing or wrong');
      const notices = 'bounces' in body ? body.bounces : [body];
      for (const n of notices) await queries.addBounce(db, n);
      return { success: true as const, recorded: notices.length };
    },
  });
}

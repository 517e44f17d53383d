import { pageResult } from '../../platform/paging.js';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import { Ok } from '../../../contract/errors.js';
import {
  AudienceCount,
  AudienceCountBody,
  MailListQuery,
  MailPreview,
  MassMailInput,
  MassMailRow,
  ScheduleBody,
  listOf,
} from '../../../contract/mail.js';
import { rows, type Queryable } from '../../db/client.js';
import { massMails, type MassMailAudience } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import {
  assertVariables,
  countAudience,
  type MailingContext,
  personalise,
  progressOf,
  queueMailing,
  recipientsOf,
} from './mass-mail.js';
import { mailAccess, mailPolicy } from './policy.js';
import * as queries from './queries.js';
import { sanitizeHtml } from './sanitize.js';

const tags = ['mail'];
const roles = ['admin', 'funding'] as const;

interface MassMailDb {
  id: number;
  olympiad_id: number | null;
  olympiad_title: string | null;
  var_name: string | null;
  subject: string;
  html_body: string;
  audience: MassMailAudience;
  attachment_ids: number[];
  status: 'draft' | 'queued';
  recipients: number;
  created_at: Date;
  queued_at: Date | null;
  scheduled_for: Date | null;
  schedule_released_at: Date | null;
}

const columns = sql`m.id, m.olympiad_id, o.title as olympiad_title, o.var_name, m.subject, m.html_body, m.audience, m.attachment_ids,
  m.status, m.recipients, m.created_at, m.queued_at, m.scheduled_for, m.schedule_released_at`;

async function findMassMail(q: Queryable, id: number) {
  const [row] = await rows<MassMailDb>(
    q,
    sql`select ${columns} from mass_mails m left join olympiads o on o.id = m.olympiad_id where m.id = ${id}`,
  );
  return row ?? null;
}

function present(m: MassMailDb, progress: Awaited<ReturnType<typeof progressOf>>): MassMailRow {
  return {
    id: m.id,
    olympiadId: m.olympiad_id,
    olympiadTitle: m.olympiad_title,
    subject: m.subject,
    html: m.html_body,
    audience: m.audience,
    attachmentIds: m.attachment_ids ?? [],
    status: m.status,
    recipients: m.recipients,
    createdAt: new Date(m.created_at).toISOString(),
    queuedAt: m.queued_at ? new Date(m.queued_at).toISOString() : null,
    scheduledFor: m.scheduled_for ? new Date(m.scheduled_for).toISOString() : null,
    scheduleReleasedAt: m.schedule_released_at ? new Date(m.schedule_released_at).toISOString() : null,
    progress: progress.get(m.id)!,
  };
}

const context = (m: MassMailDb): MailingContext => ({
  id: m.id,
  olympiadId: m.olympiad_id,
  olympiad: m.olympiad_id != null ? { title: m.olympiad_title ?? '', varName: m.var_name ?? '' } : null,
  subject: m.subject,
  html: m.html_body,
  attachmentIds: m.attachment_ids ?? [],
});

/** A schedule must lie ahead (a minute's grace for the time it takes to press the button). */
function assertFuture(scheduledFor: string | null | undefined, path = 'scheduledFor') {
  if (scheduledFor && new Date(scheduledFor).getTime() <= Date.now() - 60_000) {
    throw invalid([{ path, message: 'This time has passed: choose a later one' }]);
  }
}

/** Mass mail (docs/spec.md §7 emailer/v-rest/ per olympiad; the overlord's Mass Mails across olympiads). */
export async function massMailRoutes(app: FastifyInstance): Promise<void> {
  const load = async (actor: Actor, id: number) => {
    const m = await findMassMail(app.db, id);
    if (!m || !mailPolicy.canSee(actor, m.olympiad_id, roles)) throw notFound('This mailing');
    return m;
  };

  /** Attachments must exist and be the olympiad's own or site-wide. */
  async function checkInput(actor: Actor, input: z.infer<typeof MassMailInput>) {
    if (!mailPolicy.canSee(actor, input.olympiadId, roles)) throw notFound('This olympiad');
    assertVariables(input.subject, input.html);
    const found = await queries.attachmentsByIds(app.db, input.attachmentIds);
    const bad = input.attachmentIds.filter((id) => {
      const a = found.find((f) => f.id === id);
      return !a || (a.olympiad_id != null && a.olympiad_id !== input.olympiadId);
    });
    if (bad.length) throw invalid([{ path: 'attachmentIds', message: 'An attachment was not found in this olympiad' }]);
    if (input.audience.kind === 'pasted' && input.audience.addresses.length === 0) {
      throw invalid([{ path: 'audience.addresses', message: 'Paste at least one address' }]);
    }
    assertFuture(input.scheduledFor);
    return { ...input, html: sanitizeHtml(input.html) };
  }

  route(app, {
    method: 'GET',
    url: '/emailer/v-rest/',
    summary: 'Mailings of an olympiad (olympiadId), or of every olympiad and site-wide for the overlord; with progress',
    tags,
    access: mailAccess.massMail,
    query: MailListQuery,
    response: listOf(MassMailRow),
    handler: async ({ actor, query }) => {
      const scope = mailPolicy.scope(actor, query.olympiadId, roles);
      const where = scope.kind === 'all' ? sql`true` : sql`m.olympiad_id = ${scope.olympiadId}`;
      const search = query.search ? sql`and m.subject ilike ${`%${query.search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``;
      const sortable: Record<string, ReturnType<typeof sql>> = {
        createdAt: sql`m.created_at`,
        subject: sql`lower(m.subject)`,
        status: sql`m.status`,
        recipients: sql`m.recipients`,
      };
      const order = sortable[query.sort ?? ''] ?? sortable.createdAt!;
      const dir = query.order === 'asc' ? sql`asc` : sql`desc`;
      const [items, [count]] = await Promise.all([
        rows<MassMailDb>(
          app.db,
          sql`select ${columns} from mass_mails m left join olympiads o on o.id = m.olympiad_id where ${where} ${search}
            order by ${order} ${dir}, m.id ${dir} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        ),
        rows<{ n: number }>(app.db, sql`select count(*)::int as n from mass_mails m where ${where} ${search}`),
      ]);
      const progress = await progressOf(
        app.db,
        items.map((m) => m.id),
      );
      return pageResult(
        items.map((m) => present(m, progress)),
        count?.n ?? 0,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/emailer/api/:id',
    summary: 'One mailing with its progress (queued, sent, failed, bounced, unsubscribed)',
    tags,
    access: mailAccess.massMail,
    params: IdParams,
    response: z.object({ success: z.literal(true), mailing: MassMailRow }),
    handler: async ({ actor, params }) => {
      const m = await load(actor, params.id);
      return { success: true, mailing: present(m, await progressOf(app.db, [m.id])) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/emailer/api/',
    summary: 'Compose a mailing (a draft): subject, rich text (sanitised), audience, attachments',
    tags,
    access: mailAccess.massMail,
    body: MassMailInput,
    response: z.object({ success: z.literal(true), mailing: MassMailRow }),
    handler: async ({ req, actor, body }) => {
      const input = await checkInput(actor, body);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(massMails)
          .values({
            olympiadId: input.olympiadId,
            subject: input.subject,
            htmlBody: input.html,
            audience: input.audience,
            attachmentIds: input.attachmentIds,
            scheduledFor: input.scheduledFor ? new Date(input.scheduledFor) : null,
            createdBy: actor.userId,
          })
          .returning({ id: massMails.id });
        await audit(tx, actor, {
          action: 'mass-mail.create',
          entity: 'mass_mail',
          entityId: row!.id,
          olympiadId: input.olympiadId,
          ip: req.ip,
        });
        return row!.id;
      });
      const m = (await findMassMail(app.db, id))!;
      return { success: true, mailing: present(m, await progressOf(app.db, [id])) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/emailer/api/:id',
    summary: 'Edit a draft mailing',
    tags,
    access: mailAccess.massMail,
    params: IdParams,
    body: MassMailInput,
    response: z.object({ success: z.literal(true), mailing: MassMailRow }),
    handler: async ({ req, actor, params, body }) => {
      const m = await load(actor, params.id);
      if (m.status !== 'draft') throw conflict('This mailing is queued already; it can no longer be edited');
      if (body.olympiadId !== m.olympiad_id)
        throw invalid([{ path: 'olympiadId', message: 'A mailing stays in its olympiad' }]);
      const input = await checkInput(actor, body);
      await app.db.transaction(async (tx) => {
        await tx
          .update(massMails)
          .set({
            subject: input.subject,
            htmlBody: input.html,
            audience: input.audience,
            attachmentIds: input.attachmentIds,
            scheduledFor: input.scheduledFor ? new Date(input.scheduledFor) : null,
            updatedAt: new Date(),
          })
          .where(eq(massMails.id, m.id));
        await audit(tx, actor, {
          action: 'mass-mail.update',
          entity: 'mass_mail',
          entityId: m.id,
          olympiadId: m.olympiad_id,
          ip: req.ip,
        });
      });
      return { success: true, mailing: present((await findMassMail(app.db, m.id))!, await progressOf(app.db, [m.id])) };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/emailer/api/:id',
    summary: 'Delete a draft mailing',
    tags,
    access: mailAccess.massMail,
    params: IdParams,
    response: Ok,
    handler: async ({ req, actor, params }) => {
      const m = await load(actor, params.id);
      if (m.status !== 'draft') throw conflict('This mailing is queued; it stays in the log');
      await app.db.transaction(async (tx) => {
        await tx.delete(massMails).where(eq(massMails.id, m.id));
        await audit(tx, actor, {
          action: 'mass-mail.delete',
          entity: 'mass_mail',
          entityId: m.id,
          olympiadId: m.olympiad_id,
          ip: req.ip,
        });
      });
      return { success: true, message: 'The draft is deleted' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/emailer/api/audience-count',
    summary: 'How many addresses an audience reaches now (and how many are left out: unsubscribed or bounced)',
    tags,
    access: mailAccess.massMail,
    body: AudienceCountBody,
    response: AudienceCount,
    handler: async ({ actor, body }) => {
      if (!mailPolicy.canSee(actor, body.olympiadId, roles)) throw notFound('This olympiad');
      return { success: true, ...(await countAudience(app.db, body.olympiadId, body.audience)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/emailer/api/:id/preview',
    summary: 'The mailing as one recipient will get it (the first of the audience, or { email })',
    tags,
    access: mailAccess.massMail,
    params: IdParams,
    body: z.object({ email: z.email().optional() }).default({}),
    response: MailPreview,
    handler: async ({ actor, params, body }) => {
      const m = await load(actor, params.id);
      const all = await recipientsOf(app.db, m.olympiad_id, m.audience);
      const r = (body.email ? all.find((x) => x.email === body.email?.toLowerCase()) : all[0]) ?? {
        email: body.email ?? 'recipient@example.org',
        firstName: 'Thandi',
        lastName: 'Nkosi',
        schoolName: 'Example High School',
      };
      const p = personalise(context(m), r, app.config.appSecret, app.config.publicUrl);
      return { success: true, to: r.email, subject: p.subject, html: p.html, text: p.text };
    },
  });

  route(app, {
    method: 'POST',
    url: '/emailer/api/:id/queue',
    summary:
      'Queue a draft: one held message per recipient (unsubscribed and bounced addresses left out); held until the ' +
      'overlord releases them, or until its scheduled time',
    tags,
    access: mailAccess.massMail,
    params: IdParams,
    response: z.object({ success: z.literal(true), queued: z.number(), scheduledFor: z.string().nullable() }),
    handler: async ({ req, actor, params }) => {
      const m = await load(actor, params.id);
      if (m.status !== 'draft') throw conflict('This mailing is queued already');
      if (m.scheduled_for && new Date(m.scheduled_for).getTime() <= Date.now()) {
        throw invalid(
          [{ path: 'scheduledFor', message: 'The time to send has passed: choose a later one, or clear it' }],
          'The scheduled time has passed',
        );
      }
      const queued = await app.db.transaction(async (tx) => {
        const claimed = await rows<{ id: number }>(
          tx,
          sql`update mass_mails set status = 'queued', queued_at = now() where id = ${m.id} and status = 'draft' returning id`,
        );
        if (!claimed.length) return null;
        const recipients = await recipientsOf(tx, m.olympiad_id, m.audience);
        const n = await queueMailing(tx, context(m), recipients, app.config.appSecret, app.config.publicUrl);
        await tx.update(massMails).set({ recipients: n }).where(eq(massMails.id, m.id));
        await audit(tx, actor, {
          action: 'mass-mail.queue',
          entity: 'mass_mail',
          entityId: m.id,
          olympiadId: m.olympiad_id,
          data: { recipients: n, scheduledFor: m.scheduled_for ? new Date(m.scheduled_for).toISOString() : null },
          ip: req.ip,
        });
        return n;
      });
      if (queued == null) throw conflict('This mailing is queued already');
      return {
        success: true,
        queued,
        scheduledFor: m.scheduled_for ? new Date(m.scheduled_for).toISOString() : null,
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/emailer/api/:id/schedule',
    summary:
      'Move (an instant) or cancel (null) the scheduled release of a queued mailing while its messages are held ' +
      '(the overlord)',
    tags,
    access: mailAccess.release,
    params: IdParams,
    body: ScheduleBody,
    response: z.object({ success: z.literal(true), mailing: MassMailRow }),
    handler: async ({ req, actor, params, body }) => {
      const m = await load(actor, params.id);
      if (m.status !== 'queued') throw conflict('This mailing is a draft: set its time in the composer');
      assertFuture(body.scheduledFor, 'body.scheduledFor');
      const changed = await app.db.transaction(async (tx) => {
        // The row lock of this update waits for a sender that is releasing the mailing right now; then the
        // condition sees it released and nothing changes (decision 020).
        const done = await rows<{ id: number }>(
          tx,
          sql`update mass_mails set scheduled_for = ${body.scheduledFor}, updated_at = now()
            where id = ${m.id} and status = 'queued' and schedule_released_at is null returning id`,
        );
        if (!done.length) return false;
        await audit(tx, actor, {
          action: body.scheduledFor ? 'mass-mail.schedule' : 'mass-mail.cancel-schedule',
          entity: 'mass_mail',
          entityId: m.id,
          olympiadId: m.olympiad_id,
          data: {
            from: m.scheduled_for ? new Date(m.scheduled_for).toISOString() : null,
            to: body.scheduledFor,
          },
          ip: req.ip,
        });
        return true;
      });
      if (!changed) throw conflict('This mailing was already released at its scheduled time');
      return { success: true, mailing: present((await findMassMail(app.db, m.id))!, await progressOf(app.db, [m.id])) };
    },
  });
}

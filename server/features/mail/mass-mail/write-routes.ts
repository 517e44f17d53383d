import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Ok } from '#contract/errors';
import { IdParams } from '#contract/ids';
import { MassMailInput, MassMailRow } from '#contract/mail';
import type { Queryable } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { conflict, invalid } from '../../../http/errors.js';
import { route } from '../../../http/route.js';
import { mailTarget, massMailLoader } from '../load.js';
import { mailPolicy } from '../policy.js';
import { sanitizeHtml } from '../sanitize.js';
import { alreadyQueued, assertFuture } from './errors.js';
import { assertVariables, progressOf } from './mailing.js';
import { presentMassMail } from './present.js';
import * as queries from './queries.js';

const tags = ['mail'];
const { access } = mailPolicy;
const MailingBody = z.object({ success: z.literal(true), mailing: MassMailRow });

/** A mailing as the caller sees it, read again after a change. */
export async function reread(q: Queryable, actor: Actor, id: number) {
  const m = (await queries.findMassMail(q, id))!;
  return { success: true as const, mailing: presentMassMail(actor, m, await progressOf(q, [id])) };
}

/**
 * The olympiad must be the actor's; attachments must exist, be the olympiad's own or site-wide, and be meant for
 * everyone: one school's own document (its invoice, its credit note) never goes to a mailing's audience.
 */
async function checkInput(q: Queryable, actor: Actor, input: z.infer<typeof MassMailInput>) {
  mailTarget(actor, 'massMail', input.olympiadId, 'notFound');
  assertVariables(input.subject, input.html);
  const found = await queries.attachmentOlympiads(q, input.attachmentIds);
  const inOlympiad = found.filter((a) => a.olympiadId == null || a.olympiadId === input.olympiadId);
  if (inOlympiad.some((a) => a.schoolId != null)) {
    throw invalid([
      {
        path: 'attachmentIds',
        message: "One school's own document (an invoice or credit note) cannot go to a mailing",
      },
    ]);
  }
  if (inOlympiad.length < new Set(input.attachmentIds).size) {
    throw invalid([{ path: 'attachmentIds', message: 'An attachment was not found in this olympiad' }]);
  }
  if (input.audience.kind === 'pasted' && input.audience.addresses.length === 0) {
    throw invalid([{ path: 'audience.addresses', message: 'Paste at least one address' }]);
  }
  assertFuture(input.scheduledFor);
  return { ...input, html: sanitizeHtml(input.html) };
}

/** Mass mail, composing (docs/spec.md §7 emailer/api/): create, edit and delete a draft. */
export async function massMailWriteRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/emailer/api/',
    summary: 'Compose a mailing (a draft): subject, rich text (sanitised), audience, attachments',
    tags,
    access: access.massMail,
    body: MassMailInput,
    response: MailingBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const input = await checkInput(db, actor, body);
      const id = await queries.insertMassMail(db, {
        olympiadId: input.olympiadId,
        subject: input.subject,
        htmlBody: input.html,
        audience: input.audience,
        attachmentIds: input.attachmentIds,
        scheduledFor: input.scheduledFor ? new Date(input.scheduledFor) : null,
        createdBy: actor.userId,
      });
      await audit('mass-mail.create', { entityId: id, olympiadId: input.olympiadId });
      return reread(db, actor, id);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/emailer/api/:id',
    summary: 'Edit a draft mailing',
    tags,
    access: access.massMail,
    params: IdParams,
    body: MassMailInput,
    response: MailingBody,
    transaction: true,
    load: ({ db, actor, params }) => massMailLoader.load(db, actor, params.id, 'massMail'),
    handler: async ({ db, actor, body, record: m, audit }) => {
      if (m.status !== 'draft') throw alreadyQueued('; it can no longer be edited');
      if (body.olympiadId !== m.olympiadId)
        throw invalid([{ path: 'olympiadId', message: 'A mailing stays in its olympiad' }]);
      const input = await checkInput(db, actor, body);
      await queries.updateMassMail(db, m.id, {
        subject: input.subject,
        htmlBody: input.html,
        audience: input.audience,
        attachmentIds: input.attachmentIds,
        scheduledFor: input.scheduledFor ? new Date(input.scheduledFor) : null,
        updatedAt: new Date(),
      });
      await audit('mass-mail.update', { entityId: m.id, olympiadId: m.olympiadId });
      return reread(db, actor, m.id);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/emailer/api/:id',
    summary: 'Delete a draft mailing',
    tags,
    access: access.massMail,
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => massMailLoader.load(db, actor, params.id, 'massMail'),
    handler: async ({ db, record: m, audit }) => {
      if (m.status !== 'draft') throw conflict('This mailing is queued; it stays in the log');
      await queries.deleteMassMail(db, m.id);
      await audit('mass-mail.delete', { entityId: m.id, olympiadId: m.olympiadId });
      return { success: true as const, message: 'The draft is deleted' };
    },
  });
}

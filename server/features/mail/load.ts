import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { notFound, olympiadNotFound, olympiadRequired } from '../../http/errors.js';
import { defineLoader } from '../../http/load.js';
import { reach, type Reach } from '../../http/reach.js';
import { findAttachment, findUpload } from './files/queries.js';
import { findMassMail } from './mass-mail/queries.js';
import { type MailAction, mailPolicy } from './policy.js';
import { findEmail } from './queue/queries.js';

/**
 * What a mail list shows the actor. The overlord may leave the olympiad out (every olympiad and the site-wide
 * records); everyone else names an olympiad they hold (400 without one), and another olympiad answers 404
 * like one that does not exist.
 */
export function mailReach(actor: Actor, action: MailAction, olympiadId: number | null | undefined): Reach {
  const access = mailPolicy.access[action];
  if (olympiadId == null || olympiadId === 0) {
    if (actor.role === 'overlord') return reach(actor, access);
    throw olympiadRequired();
  }
  return reach(actor, access, olympiadId);
}

/**
 * The olympiad a new mail record goes in (null: site-wide), if the actor may act there: another olympiad is
 * 404; a site-wide record, the overlord's, is asked for (400) or answered 404 like another olympiad.
 */
export function mailTarget(
  actor: Actor,
  action: MailAction,
  olympiadId: number | null | undefined,
  siteWide: 'required' | 'notFound' = 'required',
): number | null {
  const id = olympiadId ?? null;
  if (mailPolicy.can(actor, action, { olympiadId: id })) return id;
  throw id == null && siteWide === 'required' ? olympiadRequired() : olympiadNotFound();
}

/** One queued or sent message. */
export const emailLoader = defineLoader({
  what: 'This message',
  policy: mailPolicy,
  find: (q, id: number) => findEmail(q, id),
});

/** One mailing (an olympiad's, or a site-wide one of the overlord's). */
export const massMailLoader = defineLoader({
  what: 'This mailing',
  policy: mailPolicy,
  find: (q, id: number) => findMassMail(q, id),
});

/** One uploaded file. */
export const uploadLoader = defineLoader({
  what: 'This file',
  policy: mailPolicy,
  find: (q, id: number) => findUpload(q, id),
});

/** One mail attachment. */
export const attachmentLoader = defineLoader({
  what: 'This attachment',
  policy: mailPolicy,
  find: (q, id: number) => findAttachment(q, id),
});

/** An attachment to change, named with its upload (a stale screen cannot touch another file): else 404. */
export async function attachmentToChange(q: Queryable, actor: Actor, id: number, uploadId: number) {
  const a = await attachmentLoader.load(q, actor, id, 'manageFiles');
  if (a.uploadId !== uploadId) throw notFound(attachmentLoader.what);
  return a;
}

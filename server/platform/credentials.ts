import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { forbidden } from '../http/errors.js';
import { escapeHtml } from './html.js';
import { revokeResetLinks } from './user-tokens.js';

/**
 * What carries an account's credentials: password, email address (reset links go there), username and the
 * learner's recovery PIN, and two-factor sign-in. Every route that changes one of them goes through these helpers.
 */
export type Credential = 'password' | 'email address' | 'username' | 'recovery PIN' | 'two-factor sign-in';

/**
 * An impersonated session borrows another user's access for a while; it must not change what would let
 * the impersonator (or lock the owner) into the account after the session ends. One guard for every
 * credential-changing route: 403 in the one error shape.
 */
export function refuseWhileImpersonating(actor: Actor, what: Credential): void {
  if (actor.impersonatorId != null) {
    const article = what === 'email address' ? 'an' : 'a';
    throw forbidden(`You cannot change ${article} ${what} while acting as another user`);
  }
}

/**
 * Stores a new password hash. Every unused reset link of the user stops working: a link mailed before the
 * change must not be able to undo it.
 */
export async function storePasswordHash(q: Queryable, userId: number, passwordHash: string): Promise<void> {
  await q.execute(sql`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}`);
  await revokeResetLinks(q, userId);
}

/**
 * Tells the old address that the account's address changed, so that an owner whose account was taken over
 * hears of it where they can still read mail.
 */
export async function mailEmailChanged(
  app: FastifyInstance,
  q: Queryable,
  user: { id: number; username: string; name: string },
  oldEmail: string,
  newEmail: string,
): Promise<void> {
  const text =
    `Hello ${user.name},\n\nThe email address of the Olympus account "${user.username}" was changed from ` +
    `${oldEmail} to ${newEmail}. Mail for this account, including password-reset links, now goes to the new ` +
    `address.\n\nIf you did not make or expect this change, contact the organisers at once.\n`;
  const html =
    `<p>Hello ${escapeHtml(user.name)},</p><p>The email address of the Olympus account ` +
    `<b>${escapeHtml(user.username)}</b> was changed from ${escapeHtml(oldEmail)} to ${escapeHtml(newEmail)}. ` +
    `Mail for this account, including password-reset links, now goes to the new address.</p>` +
    `<p>If you did not make or expect this change, contact the organisers at once.</p>`;
  await app.mailer.send(q, {
    kind: 'email-changed',
    to: oldEmail,
    userId: user.id,
    subject: 'The email address of your Olympus account was changed',
    text,
    html,
  });
}

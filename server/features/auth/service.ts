import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser, SigninBody } from '../../../contract/auth.js';
import type { Actor } from '../../http/actor.js';
import { HttpError, invalid, rateLimited } from '../../http/errors.js';
import { audit } from '../../platform/audit.js';
import { clearCount, hitCount } from '../../platform/throttle.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { revokeUserSessions, startSession } from '../../platform/sessions.js';
import * as queries from './queries.js';

const minutes = (n: number) => (n === 1 ? '1 minute' : `${n} minutes`);

/**
 * Sign-in (decision 004): failures are counted per account and per address; a wrong username and a
 * wrong password are told apart (docs/spec.md §8); learners sign in within their olympiad.
 */
export async function signin(app: FastifyInstance, req: FastifyRequest, body: SigninBody): Promise<SessionUser> {
  const { db, config } = app;
  const limits = config.limits;
  const learnerOlympiad = body.loginType === 'learner' ? (body.olympiadName?.toLowerCase() ?? '') : null;
  if (learnerOlympiad === '') {
    throw invalid([{ path: 'body.olympiadName', message: 'Choose the olympiad you are writing' }]);
  }

  const accountKey = `signin-fail:account:${learnerOlympiad ?? 'staff'}:${body.username.toLowerCase()}`;
  const addressKey = `signin-fail:address:${req.ip}`;
  const { user, accountFailures, addressFailures } = await queries.findUserAndFailures(
    db,
    body.username,
    learnerOlympiad,
    { accountKey, addressKey, windowMinutes: limits.signinWindowMinutes },
  );
  // Only a failed learner sign-in pays for telling an unknown olympiad from an unknown username.
  if (!user && learnerOlympiad && !(await queries.findOlympiadByName(db, learnerOlympiad))) {
    throw invalid([{ path: 'body.olympiadName', message: `There is no olympiad called "${body.olympiadName}"` }]);
  }
  if (accountFailures >= limits.signinFailuresPerAccount || addressFailures >= limits.signinFailuresPerAddress) {
    throw rateLimited(
      `Too many failed sign-in attempts. Please wait ${minutes(limits.signinWindowMinutes)} and try again, or reset your password.`,
    );
  }
  const fail = async (error: HttpError) => {
    await Promise.all([
      hitCount(db, accountKey, limits.signinWindowMinutes),
      hitCount(db, addressKey, limits.signinWindowMinutes),
    ]);
    throw error;
  };

  if (!user) {
    return fail(
      new HttpError(401, 'unknown_username', 'We do not know that username', [
        { path: 'body.username', message: 'We do not know that username' },
      ]),
    );
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.password))) {
    const message = user.passwordHash
      ? 'That password is not right'
      : 'This account has no password yet: use the link in your welcome email, or "Forgot password"';
    return fail(new HttpError(401, 'wrong_password', message, [{ path: 'body.password', message }]));
  }
  if (user.disabledAt) {
    throw new HttpError(403, 'account_disabled', 'This account has been disabled; please contact the organisers');
  }
  if (accountFailures > 0) await clearCount(db, accountKey);
  return startSession(app, db, req, user);
}

/** Sets the signed-in user's password and ends their other sessions. */
export async function setOwnPassword(app: FastifyInstance, actor: Actor, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    await queries.setPasswordHash(tx, actor.userId, passwordHash);
    await revokeUserSessions(tx, actor.userId, actor.sessionId);
    await audit(tx, actor, { action: 'user.set-password', entity: 'user', entityId: actor.userId });
  });
}

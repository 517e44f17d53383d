import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale, translator } from '../../platform/i18n.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SessionUser, SigninBody, SigninQueued } from '#contract/auth';
import type { ArrivalGate } from '../../platform/arrival-gate.js';
import { figure } from '#contract/numbers';
import type { Actor } from '../../http/actor.js';
import { HttpError, invalid } from '../../http/errors.js';
import { audit } from '../../platform/audit.js';
import { knownDevice, rememberDevice, throttledCredentialCheck } from '../../platform/throttle.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { revokeUserSessions, startSession, widenSession } from '../../platform/sessions.js';
import { storePasswordHash } from '../../platform/credentials.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import * as queries from './queries.js';
import { asEnrolment } from './two-factor-present.js';
import { secondFactor } from './two-factor-service.js';
import { twoFactorOf } from './two-factor-queries.js';
import type { Role } from '#contract/roles';

/**
 * Sign-in (decisions 004, 024, 064): the attempt is counted before the password is checked, so parallel guesses
 * cannot outrun the limit; a stranger's failures hold back the stranger's address, never the owner's known
 * browser (its device cookie, given at each sign-in) nor another address; a wrong username and a wrong password
 * are told apart; learners sign in within their olympiad. A disabled account is answered as such without checking the password, so the answer never
 * confirms a password, and that attempt counts like a failure.
 *
 * A learner whose olympiad's waiting room has a queue takes their place in it before the password is checked
 * (decision 053): the answer is their place (`queued`), nothing else happens, and no attempt is counted (no
 * password was checked); the throttle's slot is taken only by a sign-in that goes on to the check.
 */
export async function signin(
  deps: {
    db: Db;
    config: Pick<Config, 'appSecret' | 'sessionHours' | 'limits'>;
    gate: ArrivalGate;
    /** The roles that must use two-factor sign-in (the system setting; decision 106). */
    twoFactorRoles?: readonly Role[];
  },
  req: FastifyRequest,
  reply: FastifyReply,
  body: SigninBody,
): Promise<SessionUser | SigninQueued> {
  const { db, config } = deps;
  // The messages the sign-in page shows, in the page's language (decision 091).
  const say = translator(requestLocale(req.headers));
  const learnerOlympiad = body.loginType === 'learner' ? (body.olympiadName?.toLowerCase() ?? '') : null;
  if (learnerOlympiad === '') {
    throw invalid([{ path: 'body.olympiadName', message: say('api-learner.signin.chooseOlympiad') }]);
  }

  // A learner is asked for their place in the queue first: a queued sign-in checks no password, so it takes no
  // slot under the throttle and writes nothing but its place (decision 053). The gate finds the learner by their
  // username itself, in the statement that gives their place (decision 057).
  if (learnerOlympiad != null) {
    const gate = await deps.gate.check({ olympiadName: learnerOlympiad, username: body.username });
    if (!gate.admitted) {
      return {
        success: true,
        queued: true,
        message: say('api-learner.signin.queued', { position: figure(gate.position) }),
        pass: gate.pass,
        position: gate.position,
        estimateSeconds: gate.estimateSeconds,
      };
    }
  }

  const account = `${learnerOlympiad ?? 'staff'}:${body.username.toLowerCase()}`;
  const device = knownDevice(req, config.appSecret, account);
  const { found: user, passed } = await throttledCredentialCheck(
    db,
    config.limits,
    {
      kind: 'signin',
      account,
      address: req.ip,
      device,
      tooMany: (wait) => `Too many failed sign-in attempts. Please wait ${wait} and try again, or reset your password.`,
    },
    () => queries.findUserForSigninFast(db, body.username, learnerOlympiad),
  );
  // A learner's failed sign-in is counted for learner login activity (decision 037): one insert, on failures
  // only; a successful one is its session row.
  const failed = async (reason: string, at: { olympiadId: number; schoolId?: number | null; userId?: number }) => {
    if (learnerOlympiad == null) return;
    await queries
      .recordLearnerSigninFailure(db, { ...at, username: body.username.toLowerCase().slice(0, 200), reason })
      .catch((err: unknown) => req.log.warn({ err, module: 'auth' }, 'a failed sign-in could not be recorded'));
  };
  // Only a failed learner sign-in pays for telling an unknown olympiad from an unknown username.
  if (!user && learnerOlympiad) {
    const olympiad = await findOlympiad(db, learnerOlympiad);
    if (!olympiad) {
      throw invalid([
        { path: 'body.olympiadName', message: say('api-learner.signin.noOlympiad', { name: body.olympiadName }) },
      ]);
    }
    await failed('unknown_username', { olympiadId: olympiad.id });
  }
  if (!user) {
    const unknown = say('api-learner.signin.unknownUsername');
    throw new HttpError(401, 'unknown_username', unknown, [{ path: 'body.username', message: unknown }]);
  }
  const learner =
    user.olympiadId == null ? null : { olympiadId: user.olympiadId, schoolId: user.schoolId, userId: user.id };
  if (user.disabledAt) {
    if (learner) await failed('account_disabled', learner);
    throw new HttpError(403, 'account_disabled', say('api-learner.signin.disabled'));
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.password))) {
    if (learner) await failed(user.passwordHash ? 'wrong_password' : 'no_password', learner);
    const message = user.passwordHash ? say('api-learner.signin.wrongPassword') : say('api-learner.signin.noPassword');
    throw new HttpError(401, 'wrong_password', message, [{ path: 'body.password', message }]);
  }
  // Staff with two-factor sign-in give a code next (decision 106); a learner's sign-in reads nothing more.
  const scope =
    user.role === 'learner'
      ? 'full'
      : await secondFactor(db, config.appSecret, user, body.code, deps.twoFactorRoles ?? []);
  const [session] = await Promise.all([startSession(config, db, req, user, null, scope), passed()]);
  rememberDevice(req, reply, config.appSecret, account, device);
  return scope === 'two_factor_enrol' ? asEnrolment(session) : session;
}

/**
 * Sets the signed-in user's password, ends their other sessions and their unused reset links. A reset-link
 * session that sets the password becomes an ordinary session, unless the account uses two-factor sign-in: a reset
 * link proves only the mailbox, so that session ends and the user signs in with the new password and a code
 * (`signed-out`); for a role that must use it but has not enrolled, it becomes an enrolment session (`enrol`).
 */
export async function setOwnPassword(
  db: Db,
  actor: Actor,
  password: string,
  twoFactorRoles: readonly Role[] = [],
): Promise<'full' | 'enrol' | 'signed-out'> {
  // The hash is made before the transaction (it is slow on purpose); the change and its audit row land together.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await storePasswordHash(tx, actor.userId, passwordHash);
    await revokeUserSessions(tx, actor.userId, actor.sessionId);
    let outcome: 'full' | 'enrol' | 'signed-out' = actor.enrolOnly ? 'enrol' : 'full';
    if (actor.passwordOnly) {
      const enrolled = await twoFactorOf(tx, actor.userId);
      if (enrolled?.enabledAt) {
        await revokeUserSessions(tx, actor.userId);
        outcome = 'signed-out';
      } else if (twoFactorRoles.includes(actor.role)) {
        await widenSession(tx, actor.sessionId, 'two_factor_enrol');
        outcome = 'enrol';
      } else await widenSession(tx, actor.sessionId);
    }
    await audit(tx, actor, 'user.set-password', { entityId: actor.userId });
    return outcome;
  });
}

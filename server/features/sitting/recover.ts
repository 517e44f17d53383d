import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '#contract/auth';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { HttpError, invalid } from '../../http/errors.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import { verifyPassword } from '../../platform/passwords.js';
import { startSession } from '../../platform/sessions.js';
import { throttledCredentialCheck } from '../../platform/throttle.js';
import { attemptOf, confirmPin, learnerForRecovery } from './attempt-queries.js';
import { unitWords } from '#contract/units';

/**
 * Sign in again with the recovery PIN (a learner who lost their session or password). Throttled exactly
 * like sign-in, by the same mechanism (decision 024): the attempt is counted before the PIN is checked, and a
 * disabled account is answered without checking the PIN.
 */
export async function recover(
  deps: { db: Db; config: Pick<Config, 'appSecret' | 'sessionHours' | 'limits'> },
  req: FastifyRequest,
  body: { olympiadName: string; username: string; pin: string },
): Promise<SessionUser> {
  const { db, config } = deps;
  const olympiad = await findOlympiad(db, body.olympiadName);
  if (!olympiad) {
    throw invalid([{ path: 'body.olympiadName', message: `There is no olympiad called "${body.olympiadName}"` }]);
  }
  const { found: user, passed } = await throttledCredentialCheck(
    db,
    config.limits,
    {
      kind: 'recover',
      account: `${olympiad.id}:${body.username.toLowerCase()}`,
      address: req.ip,
      tooMany: (wait) =>
        `Too many failed attempts. Please wait ${wait} and try again, or ask your ${unitWords(olympiad.kind).manager}.`,
    },
    () => learnerForRecovery(db, olympiad.id, body.username),
  );
  if (user?.disabledAt) {
    throw new HttpError(403, 'account_disabled', 'This account has been disabled; please contact the organisers');
  }
  const attempt = user ? await attemptOf(db, olympiad.id, user.id) : null;
  const pinHash = attempt?.recoveryPinHash;
  if (!user || !attempt || !pinHash || !(await verifyPassword(pinHash, body.pin))) {
    const message = 'That username and recovery PIN do not match';
    throw new HttpError(401, 'wrong_password', message, [{ path: 'body.pin', message }]);
  }
  // Signing in with a PIN that was shown but not yet confirmed proves it was written down.
  if (!attempt.pinIssuedAt) await confirmPin(db, attempt.id, pinHash);
  const [session] = await Promise.all([startSession(config, db, req, user), passed()]);
  return session;
}

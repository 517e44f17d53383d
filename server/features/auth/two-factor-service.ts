import type { Role } from '#contract/roles';
import type { Queryable } from '../../db/client.js';
import type { SessionScope } from '../../platform/sessions.js';
import { asTotpCode, codeStep, openSecret, recoveryCodeHash } from './two-factor.js';
import { codeInvalid, codeRequired } from './two-factor-errors.js';
import * as queries from './two-factor-queries.js';

/**
 * A code of the user's enabled secret, taken at most once (its time step must be later than the last one taken), or
 * one of their unused recovery codes, used up. Each is one conditional update, so the same code sent twice at once
 * passes once. A secret that cannot be opened (APP_SECRET changed) leaves the recovery codes.
 */
export async function acceptCode(
  q: Queryable,
  appSecret: string,
  userId: number,
  sealedSecret: string | null,
  code: string,
): Promise<'code' | 'recovery' | null> {
  const digits = asTotpCode(code);
  if (digits) {
    const secret = openSecret(appSecret, sealedSecret);
    const step = secret ? codeStep(secret, digits) : null;
    return step != null && (await queries.takeStep(q, userId, step)) ? 'code' : null;
  }
  return (await queries.useRecoveryCode(q, userId, recoveryCodeHash(appSecret, code))) ? 'recovery' : null;
}

/**
 * The second step of a staff sign-in, after a right password (decision 106). An enrolled user is answered 401
 * `two_factor_required` without a code and 401 `two_factor_invalid` with a wrong one; the sign-in throttle's slot
 * stays counted either way (the caller forgives it only on success), so codes are guessed no faster than passwords.
 * A user of a role that must use it and has not enrolled gets an enrolment session; anyone else an ordinary one.
 */
export async function secondFactor(
  q: Queryable,
  appSecret: string,
  user: { id: number; role: Role },
  code: string | undefined,
  requiredRoles: readonly Role[],
): Promise<SessionScope> {
  const enrolled = await queries.twoFactorOf(q, user.id);
  if (!enrolled?.enabledAt) return requiredRoles.includes(user.role) ? 'two_factor_enrol' : 'full';
  if (!code) throw codeRequired();
  if (!(await acceptCode(q, appSecret, user.id, enrolled.secret, code))) throw codeInvalid();
  return 'full';
}

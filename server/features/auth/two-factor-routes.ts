import type { FastifyInstance } from 'fastify';
import { Ok } from '#contract/errors';
import {
  TwoFactorConfirmBody,
  TwoFactorEnableBody,
  TwoFactorRecoveryCodes,
  TwoFactorResetParams,
  TwoFactorSetup,
  TwoFactorStatus,
} from '#contract/two-factor';
import type { Actor } from '../../http/actor.js';
import { HttpError, conflict, forbidden, notFound, rateLimited } from '../../http/errors.js';
import { definePolicy } from '../../http/policy.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { refuseWhileImpersonating } from '../../platform/credentials.js';
import { verifyPassword } from '../../platform/passwords.js';
import { revokeUserSessions, widenSession } from '../../platform/sessions.js';
import { forgive, reserve, waitPhrase } from '../../platform/throttle.js';
import { findUserById } from './queries.js';
import {
  newRecoveryCodes,
  newSecret,
  openSecret,
  otpauthUri,
  recoveryCodeHash,
  sealSecret,
  codeStep,
} from './two-factor.js';
import { codeInvalid } from './two-factor-errors.js';
import * as queries from './two-factor-queries.js';
import { acceptCode } from './two-factor-service.js';

const tags = ['auth'];
const staff = ['overlord', 'admin', 'accountant', 'funding', 'teacher'] as const;

/**
 * Two-factor sign-in (decision 106). Every staff user manages their own (a learner never enrols: their sign-in is
 * the slip of paper their teacher hands out); the overlord resets someone else's when their phone is lost, never
 * their own (that would let a stolen session of theirs drop it without a code).
 */
export const twoFactorPolicy = definePolicy({
  capabilities: { own: staff, reset: ['overlord'] },
  rule: () => true,
});
const { access } = twoFactorPolicy;

/**
 * Disabling and new recovery codes ask for the password and a code: a session left open on a shared computer must not
 * be enough to take the second factor away. The attempts count under their own limit (the sign-in settings' free
 * failures in its window), so a stolen session cannot guess codes through these forms either.
 */
async function confirmHolder(app: FastifyInstance, actor: Actor, body: { password: string; code: string }) {
  const { limits } = await app.settings.get();
  const key = `two-factor-confirm:${actor.userId}`;
  const slot = await reserve(app.db, [
    { key, limit: limits.signinFailuresPerAccount, windowMinutes: limits.signinWindowMinutes },
  ]);
  if (!slot.granted) {
    throw rateLimited(
      `Too many wrong attempts. Please wait ${waitPhrase(slot.retryAfterSeconds)} and try again.`,
      slot.retryAfterSeconds,
    );
  }
  const [user, enrolled] = await Promise.all([
    findUserById(app.db, actor.userId),
    queries.twoFactorOf(app.db, actor.userId),
  ]);
  if (!enrolled?.enabledAt) throw conflict('Two-factor sign-in is not on for your account');
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, body.password))) {
    const message = 'That password is not right';
    throw new HttpError(400, 'wrong_password', message, [{ path: 'body.password', message }]);
  }
  if (!(await acceptCode(app.db, app.config.appSecret, actor.userId, enrolled.secret, body.code))) {
    throw codeInvalid(400);
  }
  await forgive(app.db, [key]);
}

export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/auth/two-factor',
    summary:
      'Whether the signed-in staff user has two-factor sign-in on, since when, and how many recovery codes are left',
    tags,
    access: access.own,
    response: TwoFactorStatus,
    handler: async ({ actor }) => {
      const [row, settings] = await Promise.all([queries.twoFactorOf(app.db, actor.userId), app.settings.get()]);
      return {
        success: true as const,
        enabled: row?.enabledAt != null,
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: row?.enabledAt ? row.recoveryCodesLeft : 0,
        required: (settings.twoFactorRoles as readonly string[]).includes(actor.role),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/two-factor/setup',
    summary:
      'A new secret for an authenticator app (base32 and its otpauth:// URI, issuer Olympus, label the username), ' +
      'kept pending until a code of it turns two-factor sign-in on; refused (409) while it is on',
    tags,
    access: access.own,
    response: TwoFactorSetup,
    transaction: true,
    handler: async ({ db, actor }) => {
      refuseWhileImpersonating(actor, 'two-factor sign-in');
      const current = await queries.twoFactorOf(db, actor.userId);
      if (current?.enabledAt) throw conflict('Two-factor sign-in is already on. Turn it off first to use another app.');
      const secret = newSecret();
      await queries.storePendingSecret(db, actor.userId, sealSecret(app.config.appSecret, secret));
      return { success: true as const, secret, otpauthUri: otpauthUri(secret, actor.username) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    summary:
      'Turn two-factor sign-in on with a code of the pending secret (the step before or after is taken too); answers ' +
      'ten single-use recovery codes, shown this once (only their hashes are kept). Ends the user’s other sessions',
    tags,
    access: access.own,
    body: TwoFactorEnableBody,
    response: TwoFactorRecoveryCodes,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      refuseWhileImpersonating(actor, 'two-factor sign-in');
      const current = await queries.twoFactorOf(db, actor.userId);
      if (current?.enabledAt) throw conflict('Two-factor sign-in is already on');
      const secret = openSecret(app.config.appSecret, current?.pendingSecret ?? null);
      if (!secret) throw conflict('Set two-factor sign-in up first: there is no secret waiting for a code');
      const step = codeStep(secret, body.code);
      if (step == null) throw codeInvalid(400);
      const codes = newRecoveryCodes();
      const hashes = codes.map((c) => recoveryCodeHash(app.config.appSecret, c));
      if (!(await queries.enableSecret(db, actor.userId, current!.pendingSecret!, step, hashes))) {
        throw conflict('Two-factor sign-in was set up again meanwhile: use the newest secret');
      }
      // Sessions opened with the password alone end: a stolen one must not outlive the second factor.
      await revokeUserSessions(db, actor.userId, actor.sessionId);
      if (actor.enrolOnly) await widenSession(db, actor.sessionId);
      await audit('user.two-factor-enable', { entityId: actor.userId });
      return {
        success: true as const,
        message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once.',
        recoveryCodes: codes,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/two-factor/disable',
    summary:
      'Turn two-factor sign-in off, with the password and a current code (or an unused recovery code); the secret ' +
      'and the recovery codes are deleted. Refused while the user’s role must use it',
    tags,
    access: access.own,
    body: TwoFactorConfirmBody,
    response: Ok,
    // Not one transaction: a wrong attempt keeps its throttle slot.
    handler: async ({ req, actor, body }) => {
      refuseWhileImpersonating(actor, 'two-factor sign-in');
      const { twoFactorRoles } = await app.settings.get();
      if ((twoFactorRoles as readonly string[]).includes(actor.role)) {
        throw forbidden(
          'Your role must use two-factor sign-in, so it cannot be turned off. Ask the overlord to reset it.',
        );
      }
      await confirmHolder(app, actor, body);
      await app.db.transaction(async (tx) => {
        await queries.removeTwoFactor(tx, actor.userId);
        await audit(tx, actor, 'user.two-factor-disable', { entityId: actor.userId, ip: req.ip });
      });
      return { success: true as const, message: 'Two-factor sign-in is off' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/two-factor/recovery-codes',
    summary:
      'Ten new recovery codes, with the password and a current code (or an unused recovery code); the old ones stop ' +
      'working. Shown this once',
    tags,
    access: access.own,
    body: TwoFactorConfirmBody,
    response: TwoFactorRecoveryCodes,
    handler: async ({ req, actor, body }) => {
      refuseWhileImpersonating(actor, 'two-factor sign-in');
      await confirmHolder(app, actor, body);
      const codes = newRecoveryCodes();
      await app.db.transaction(async (tx) => {
        await queries.replaceRecoveryCodes(
          tx,
          actor.userId,
          codes.map((c) => recoveryCodeHash(app.config.appSecret, c)),
        );
        await audit(tx, actor, 'user.two-factor-recovery-codes', { entityId: actor.userId, ip: req.ip });
      });
      return {
        success: true as const,
        message: 'New recovery codes: the old ones no longer work',
        recoveryCodes: codes,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/two-factor/reset/:userId',
    summary:
      'The overlord turns off another staff user’s two-factor sign-in (a lost phone) and ends their sessions; audited. ' +
      'They sign in with their password next, and set it up again (at once, when their role must use it)',
    tags,
    access: access.reset,
    params: TwoFactorResetParams,
    response: Ok,
    transaction: true,
    handler: async ({ db, actor, params, audit }) => {
      if (actor.impersonatorId != null) throw forbidden('Not while acting as another user');
      const user = await findUserById(db, params.userId);
      if (!user || user.role === 'learner') throw notFound('This user');
      if (user.id === actor.userId) {
        throw forbidden('You cannot reset your own two-factor sign-in; another overlord can, or turn it off yourself');
      }
      const had = await queries.removeTwoFactor(db, user.id);
      await revokeUserSessions(db, user.id);
      await audit('user.two-factor-reset', { entityId: user.id, data: { username: user.username, wasOn: had } });
      return {
        success: true as const,
        message: had ? `Two-factor sign-in of ${user.username} is reset` : `${user.username} had no two-factor sign-in`,
      };
    },
  });
}

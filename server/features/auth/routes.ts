import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import {
  ForgotPasswordParams,
  ForgotPasswordQuery,
  ImpersonateQuery,
  SessionUser,
  SetLearnerPasswordBody,
  SetPasswordBody,
  SigninBody,
  VerifyEmailResult,
} from '../../../contract/auth.js';
import { Ok } from '../../../contract/errors.js';
import { badRequest, notFound, rateLimited } from '../../http/errors.js';
import { refuseWhileImpersonating, storePasswordHash } from '../../platform/credentials.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { reserve } from '../../platform/throttle.js';
import { hashPassword } from '../../platform/passwords.js';
import { authAccess, authPolicy } from './policy.js';
import { bearerToken } from '../../http/bearer.js';
import { displayName, presentSessionUser, revokeUserSessions, startSession } from '../../platform/sessions.js';
import * as queries from './queries.js';
import { schoolWithEntries } from '../../platform/teacher-accounts.js';
import { setOwnPassword, signin } from './service.js';

const tags = ['auth'];
const TokenParams = z.strictObject({ token: z.string().min(10).max(200) });

export async function authRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/auth/signin',
    summary: 'Sign in; answers the whole session user with accessToken.token',
    tags,
    access: authAccess.signin,
    body: SigninBody,
    response: SessionUser,
    handler: ({ req, body }) => signin(app, req, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/auth/me',
    summary: 'The signed-in user, as at sign-in, for the current token',
    tags,
    access: authAccess.me,
    response: SessionUser,
    handler: async ({ req, actor }) => {
      const user = await queries.findUserById(app.db, actor.userId);
      if (!user) throw notFound('Your account');
      const impersonator = actor.impersonatorId ? await queries.findUserById(app.db, actor.impersonatorId) : null;
      const [grants, olympiadName] = await Promise.all([
        queries.grantsOf(app.db, user.id),
        queries.olympiadNameOf(app.db, user.olympiadId),
      ]);
      const token = bearerToken(req)!;
      const expiresAt = await queries.sessionExpiry(app.db, actor.sessionId);
      return presentSessionUser({ user, olympiadName, grants, impersonator, token, expiresAt });
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/logout',
    summary: 'End the current session',
    tags,
    access: authAccess.logout,
    response: Ok,
    handler: async ({ actor }) => {
      await queries.revokeSession(app.db, actor.sessionId);
      return { success: true, message: 'You are signed out' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/forgot-password/:username',
    summary: 'Mail a one-time password-reset link to the account’s address',
    tags,
    access: authAccess.forgotPassword,
    params: ForgotPasswordParams,
    query: ForgotPasswordQuery,
    response: Ok,
    handler: async ({ req, params, query }) => {
      const { db, config } = app;
      // An empty olympiad is the staff form, as at sign-in.
      const olympiadName = query.olympiadName || null;
      const account = `${olympiadName?.toLowerCase() ?? 'staff'}:${params.username.toLowerCase()}`;
      const window = 60;
      const reservation = await reserve(db, [
        { key: `forgot:account:${account}`, limit: config.limits.forgotPerAccount, windowMinutes: window },
        { key: `forgot:address:${req.ip}`, limit: config.limits.forgotPerAddress, windowMinutes: window },
      ]);
      if (!reservation.granted) {
        throw rateLimited(
          'Too many reset requests. Please wait an hour and try again, or contact the organisers.',
          reservation.retryAfterSeconds,
        );
      }
      const user = await queries.findUserForSignin(db, params.username, olympiadName);
      if (user?.email && !user.disabledAt) {
        const token = await queries.createUserToken(db, config.appSecret, {
          userId: user.id,
          purpose: 'reset_password',
          hours: 24,
        });
        const link = `${config.publicUrl}/verify-email/${token}`;
        await app.mailer.send(db, {
          kind: 'reset-password',
          to: user.email,
          userId: user.id,
          template: { kind: 'reset-password', vars: { name: displayName(user), username: user.username, link } },
          subject: 'Reset your Olympus password',
          text:
            `Hello ${displayName(user)},\n\nSomeone (we hope you) asked to reset the password of the Olympus ` +
            `account "${user.username}". Open this link within 24 hours to choose a new password:\n\n${link}\n\n` +
            `If you did not ask for this, ignore this message: your password stays as it is.\n`,
          html:
            `<p>Hello ${escapeHtml(displayName(user))},</p><p>Someone (we hope you) asked to reset the password of ` +
            `the Olympus account <b>${escapeHtml(user.username)}</b>.</p><p><a href="${link}">Choose a new ` +
            `password</a> (the link works once, for 24 hours).</p><p>If you did not ask for this, ignore this ` +
            `message: your password stays as it is.</p>`,
        });
      }
      return {
        success: true,
        message:
          'If that account has an email address, a reset link is on its way. Learners: ask your teacher to reset your password.',
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/auth/set-password',
    summary: 'Set the signed-in user’s password (ends their other sessions)',
    tags,
    access: authAccess.setPassword,
    body: SetPasswordBody,
    response: Ok,
    handler: async ({ actor, body }) => {
      refuseWhileImpersonating(actor, 'password');
      await setOwnPassword(app, actor, body.password);
      return { success: true, message: 'Your password is saved' };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/auth/set-learner-passwords/:id',
    summary: 'Set a learner’s password (their teacher, an admin of their olympiad, the overlord)',
    tags,
    access: authAccess.setLearnerPassword,
    params: IdParams,
    body: SetLearnerPasswordBody,
    response: Ok,
    handler: async ({ req, actor, params, body }) => {
      const learner = await queries.findUserById(app.db, params.id);
      if (!learner || !authPolicy.canSetLearnerPassword(actor, learner)) throw notFound('This learner');
      refuseWhileImpersonating(actor, 'password');
      const passwordHash = await hashPassword(body.password);
      await app.db.transaction(async (tx) => {
        await storePasswordHash(tx, learner.id, passwordHash);
        await revokeUserSessions(tx, learner.id);
        await audit(tx, actor, {
          action: 'learner.set-password',
          entity: 'user',
          entityId: learner.id,
          olympiadId: learner.olympiadId,
          ip: req.ip,
        });
      });
      return { success: true, message: `The password of ${learner.username} is saved` };
    },
  });

  route(app, {
    method: 'POST',
    url: '/website/api/verify-email/:token',
    summary: 'Use a verify-address or reset-password link; answers a session to set a password with',
    tags,
    access: authAccess.verifyEmail,
    params: TokenParams,
    response: VerifyEmailResult,
    handler: async ({ req, params }) => {
      const result = await app.db.transaction(async (tx) => {
        const used = await queries.consumeUserToken(tx, app.config.appSecret, params.token);
        if (!used) return null;
        const user = await queries.findUserById(tx, used.userId);
        if (!user || user.disabledAt) return null;
        await queries.markEmailVerified(tx, user.id);
        await audit(tx, null, { action: `user.${used.purpose}`, entity: 'user', entityId: user.id, ip: req.ip });
        // A reset link opens a session that can only choose the new password.
        const scope = used.purpose === 'reset_password' ? 'set_password' : 'full';
        return { purpose: used.purpose, session: await startSession(app, tx, req, user, null, scope) };
      });
      if (!result)
        throw badRequest('This link has expired or was already used. Ask for a new one with "Forgot password".');
      return {
        success: true,
        message:
          result.purpose === 'verify_email' ? 'Your email address is verified' : 'Choose a new password to continue',
        purpose: result.purpose,
        user: result.session,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/user/rest/impersonate',
    summary: 'Act as a user by email (an admin within an olympiad; the overlord anywhere); audited',
    tags,
    access: authAccess.impersonate,
    query: ImpersonateQuery,
    response: SessionUser,
    handler: async ({ req, actor, query }) => {
      const olympiadId = query.olympiadId ?? null;
      const candidates = await queries.findUserByEmail(app.db, query.userEmail);
      let target = null;
      for (const user of candidates) {
        const school =
          user.role === 'teacher' && user.schoolId != null ? await schoolWithEntries(app.db, user.schoolId) : null;
        if (authPolicy.canImpersonate(actor, { ...user, school }, olympiadId)) {
          target = user;
          break;
        }
      }
      if (!target) throw notFound('A user with that email whom you may act as');
      const impersonator = await queries.findUserById(app.db, actor.userId);
      return app.db.transaction(async (tx) => {
        await audit(tx, actor, {
          action: 'impersonate.start',
          entity: 'user',
          entityId: target.id,
          olympiadId,
          ip: req.ip,
          data: { email: query.userEmail },
        });
        return startSession(app, tx, req, target, impersonator);
      });
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/stop-impersonating',
    summary: 'End an impersonated session and return to one’s own account',
    tags,
    access: authAccess.stopImpersonating,
    response: Ok,
    handler: async ({ req, actor }) => {
      if (actor.impersonatorId == null) throw badRequest('You are not acting as another user');
      await app.db.transaction(async (tx) => {
        await queries.revokeSession(tx, actor.sessionId);
        await audit(tx, actor, { action: 'impersonate.stop', entity: 'user', entityId: actor.userId, ip: req.ip });
      });
      return { success: true, message: 'You are back in your own account' };
    },
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

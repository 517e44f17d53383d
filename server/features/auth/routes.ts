import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ForgotPasswordParams,
  ForgotPasswordQuery,
  ImpersonateQuery,
  SessionUser,
  SetPasswordBody,
  SigninBody,
  SigninQueued,
  VerifyEmailResult,
} from '#contract/auth';
import { Ok } from '#contract/errors';
import { badRequest, notFound, rateLimited } from '../../http/errors.js';
import { refuseWhileImpersonating } from '../../platform/credentials.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { reserve } from '../../platform/throttle.js';
import { authPolicy } from './policy.js';
import { bearerToken } from '../../http/bearer.js';
import { displayName, presentSessionUser, startSession } from '../../platform/sessions.js';
import { findOlympiad } from '../../platform/olympiad-lookup.js';
import * as queries from './queries.js';
import { escapeHtml } from '../../platform/html.js';
import { impersonationTarget } from './load.js';
import { setOwnPassword, signin } from './service.js';
import { asEnrolment } from './two-factor-present.js';

const tags = ['auth'];
const { access } = authPolicy;
const TokenParams = z.strictObject({ token: z.string().min(10).max(200) });

export async function authRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/api/auth/signin',
    summary:
      'Sign in; answers the whole session user with accessToken.token. A learner whose olympiad has a queue at ' +
      'that moment is answered 202 with their place in it instead (SigninQueued), before the password is checked',
    tags,
    access: access.signin,
    body: SigninBody,
    response: z.union([SessionUser, SigninQueued]),
    // A learner's sign-in that went on to the password check is the first step of their arrival (decision 053).
    onResponse: async (req, reply) => {
      if (reply.statusCode !== 202 && (req.body as { loginType?: string } | undefined)?.loginType === 'learner') {
        app.arrivalGate.record(reply.elapsedTime);
      }
    },
    handler: async ({ req, reply, body }) => {
      const { limits, twoFactorRoles } = await app.settings.get();
      const answer = await signin(
        { db: app.db, config: { ...app.config, limits }, gate: app.arrivalGate, twoFactorRoles },
        req,
        reply,
        body,
      );
      if ('queued' in answer) reply.status(202);
      return answer;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/auth/me',
    summary: 'The signed-in user, as at sign-in, for the current token',
    tags,
    access: access.me,
    response: SessionUser,
    handler: async ({ req, actor }) => {
      const user = await queries.findUserById(app.db, actor.userId);
      if (!user) throw notFound('Your account');
      const impersonator = actor.impersonatorId ? await queries.findUserById(app.db, actor.impersonatorId) : null;
      const [grants, olympiadName] = await Promise.all([
        queries.grantsOf(app.db, user.id),
        user.olympiadId == null ? null : findOlympiad(app.db, user.olympiadId).then((o) => o?.varName ?? null),
      ]);
      const token = bearerToken(req)!;
      const expiresAt = await queries.sessionExpiry(app.db, actor.sessionId);
      const session = presentSessionUser({ user, olympiadName, grants, impersonator, token, expiresAt });
      return actor.enrolOnly ? asEnrolment(session) : session;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/logout',
    summary: 'End the current session',
    tags,
    access: access.logout,
    response: Ok,
    handler: async ({ actor }) => {
      await queries.revokeSession(app.db, actor.sessionId);
      return { success: true as const, message: 'You are signed out' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/forgot-password/:username',
    summary: 'Mail a one-time password-reset link to the account’s address',
    tags,
    access: access.forgotPassword,
    params: ForgotPasswordParams,
    query: ForgotPasswordQuery,
    response: Ok,
    handler: async ({ req, params, query }) => {
      const { db, config } = app;
      // An empty olympiad is the staff form, as at sign-in.
      const olympiadName = query.olympiadName || null;
      const account = `${olympiadName?.toLowerCase() ?? 'staff'}:${params.username.toLowerCase()}`;
      const { limits } = await app.settings.get();
      // Only the asking address's own flood is refused; the account asked about never is (decision 064).
      const [fromAddress, user] = await Promise.all([
        reserve(db, [{ key: `forgot:address:${req.ip}`, limit: limits.forgotPerAddress, windowMinutes: 60 }]),
        queries.findUserForSignin(db, params.username, olympiadName),
      ]);
      if (!fromAddress.granted) {
        throw rateLimited(
          'Too many reset requests from your network. Please wait and try again, or contact the organisers.',
          fromAddress.retryAfterSeconds,
        );
      }
      // At most one mail in 5 minutes (and `forgotPerAccount` an hour): whoever asks again within them is answered
      // alike and sends nothing, and the link already in the owner's inbox keeps working.
      const mail =
        user?.email && !user.disabledAt
          ? await reserve(db, [
              { key: `forgot:recent:${account}`, limit: 1, windowMinutes: 5 },
              { key: `forgot:account:${account}`, limit: limits.forgotPerAccount, windowMinutes: 60 },
            ])
          : null;
      if (user?.email && mail?.granted) {
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
        success: true as const,
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
    access: access.setPassword,
    body: SetPasswordBody,
    response: Ok,
    handler: async ({ actor, body }) => {
      refuseWhileImpersonating(actor, 'password');
      const outcome = await setOwnPassword(app.db, actor, body.password, (await app.settings.get()).twoFactorRoles);
      // A reset link does not stand in for the second factor (decision 106): its session ends, or may only enrol.
      const message = {
        full: 'Your password is saved',
        enrol: 'Your password is saved. Now set up two-factor sign-in',
        'signed-out': 'Your password is saved. Sign in with it and the code from your authenticator app',
      }[outcome];
      return { success: true as const, message };
    },
  });

  route(app, {
    method: 'POST',
    url: '/website/api/verify-email/:token',
    summary: 'Use a verify-address or reset-password link; answers a session to set a password with',
    tags,
    access: access.verifyEmail,
    params: TokenParams,
    response: VerifyEmailResult,
    // Its own transaction, not the route's: a link used by a disabled account stays used although the answer is 400.
    handler: async ({ req, params }) => {
      const result = await app.db.transaction(async (tx) => {
        const used = await queries.consumeUserToken(tx, app.config.appSecret, params.token);
        if (!used) return null;
        const user = await queries.findUserById(tx, used.userId);
        if (!user || user.disabledAt) return null;
        await queries.markEmailVerified(tx, user.id);
        const action = used.purpose === 'reset_password' ? 'user.reset-password' : 'user.verify-email';
        await audit(tx, null, action, { entityId: user.id, ip: req.ip });
        // A reset link opens a session that can only choose the new password.
        const scope = used.purpose === 'reset_password' ? 'set_password' : 'full';
        return { purpose: used.purpose, session: await startSession(app.config, tx, req, user, null, scope) };
      });
      if (!result)
        throw badRequest('This link has expired or was already used. Ask for a new one with "Forgot password".');
      return {
        success: true as const,
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
    access: access.impersonate,
    query: ImpersonateQuery,
    response: SessionUser,
    transaction: true,
    load: ({ db, actor, query }) => impersonationTarget(db, actor, query.userEmail, query.olympiadId ?? null),
    handler: async ({ db, req, actor, query, record: target, audit }) => {
      const impersonator = await queries.findUserById(db, actor.userId);
      await audit('impersonate.start', {
        entityId: target.id,
        olympiadId: query.olympiadId ?? null,
        data: { email: query.userEmail },
      });
      return startSession(app.config, db, req, target, impersonator);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/auth/stop-impersonating',
    summary: 'End an impersonated session and return to one’s own account',
    tags,
    access: access.stopImpersonating,
    response: Ok,
    transaction: true,
    handler: async ({ db, actor, audit }) => {
      if (actor.impersonatorId == null) throw badRequest('You are not acting as another user');
      await queries.revokeSession(db, actor.sessionId);
      await audit('impersonate.stop', { entityId: actor.userId });
      return { success: true as const, message: 'You are back in your own account' };
    },
  });
}

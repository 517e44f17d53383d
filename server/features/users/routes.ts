import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageOf } from '#contract/errors';
import { IdParams } from '#contract/ids';
import {
  MeLanguageBody,
  MeLanguageResult,
  StaffAccount,
  StaffAccountBody,
  StaffAccountInput,
  UserListQuery,
  UserSingleQuery,
} from '#contract/users';
import type { Queryable } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { mailEmailChanged } from '../../platform/credentials.js';
import { pageResult } from '../../platform/paging.js';
import { displayName, revokeUserSessions } from '../../platform/sessions.js';
import { mailTeacherLink } from '../../platform/teacher-accounts.js';
import { userLoader } from './load.js';
import { usersPolicy } from './policy.js';
import { presentAccount } from './present.js';
import * as queries from './queries.js';

const tags = ['users'];
const { access } = usersPolicy;

const usernameTaken = () =>
  conflict('This username is taken', [{ path: 'body.username', message: 'This username is taken' }]);
const emailTaken = () =>
  conflict('Another staff user has this address', [
    { path: 'body.email', message: 'Another staff user has this address' },
  ]);

const answer = async (q: Queryable, actor: Actor, id: number, message?: string) => ({
  success: true as const,
  ...(message ? { message } : {}),
  user: presentAccount(actor, (await queries.findAccount(q, id))!),
});

/**
 * docs/spec.md §7 "GET user/v-rest/" and its /single variant: the overlord's staff accounts (admin, accountant,
 * funding, overlord) — create (a mail to choose a password follows), edit, disable and enable, mail a reset link,
 * end every session. Grants per olympiad are olympiad-grant/v-rest/ (features/olympiads/grants-routes.ts).
 */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/user/v-rest/',
    summary: 'Staff users, paged, searchable (username, name, email, granted olympiad) and sortable; role and status',
    tags,
    access: access.list,
    query: UserListQuery,
    response: pageOf(StaffAccount),
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listAccounts(db, query);
      return pageResult(
        items.map((u) => presentAccount(actor, u)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/user/v-rest/single',
    summary: 'One staff user, with their grants and sessions',
    tags,
    access: access.see,
    query: UserSingleQuery,
    response: StaffAccountBody,
    load: ({ db, actor, query }) => userLoader.load(db, actor, query.userId, 'see'),
    handler: async ({ actor, record }) => ({ success: true as const, user: presentAccount(actor, record) }),
  });

  route(app, {
    method: 'POST',
    url: '/user/v-rest/',
    summary: 'Create a staff user; they get a mail with a link to verify their address and choose a password',
    tags,
    access: access.create,
    body: StaffAccountInput,
    response: StaffAccountBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      if (await queries.staffEmailTaken(db, body.email, null)) throw emailTaken();
      let id: number;
      try {
        const [row] = await db
          .insert(users)
          .values({ ...body, passwordHash: null, emailVerifiedAt: null })
          .returning({ id: users.id });
        id = row!.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
      await mailTeacherLink(app, db, { id, ...body }, 'verify_email', { account: 'staff' });
      await audit('user.create', { entityId: id, data: { ...body } });
      return answer(
        db,
        actor,
        id,
        `${body.username} is created; a mail to choose a password is on its way to ${body.email}`,
      );
    },
  });

  route(app, {
    method: 'PUT',
    url: '/user/v-rest/:id',
    summary: 'Edit a staff user (username, address, names, role); a changed address is told to the old one',
    tags,
    access: access.edit,
    params: IdParams,
    body: StaffAccountInput,
    response: StaffAccountBody,
    transaction: true,
    load: ({ db, actor, params }) => userLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, body, record: user, audit }) => {
      if (body.role !== user.role && !usersPolicy.can(actor, 'changeRole', user)) {
        throw forbidden('You cannot change your own role');
      }
      if (await queries.staffEmailTaken(db, body.email, user.id)) throw emailTaken();
      const before = {
        username: user.username,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
      };
      try {
        await db
          .update(users)
          .set({ ...body, updatedAt: new Date() })
          .where(eq(users.id, user.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
      if (user.email && user.email.toLowerCase() !== body.email) {
        await mailEmailChanged(
          app,
          db,
          { id: user.id, username: body.username, name: displayName(body) },
          user.email,
          body.email,
        );
      }
      await audit('user.update', { entityId: user.id, data: { before, after: body } });
      return answer(db, actor, user.id, `${body.username} is saved`);
    },
  });

  for (const [path, disable] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    route(app, {
      method: 'POST',
      url: `/user/v-rest/:id/${path}`,
      summary: disable
        ? 'Disable a staff user: they can no longer sign in, and every session of theirs ends at once'
        : 'Enable a disabled staff user again (they sign in with their password as before)',
      tags,
      access: access.disable,
      params: IdParams,
      response: StaffAccountBody,
      transaction: true,
      load: ({ db, actor, params }) => userLoader.load(db, actor, params.id, 'see'),
      handler: async ({ db, actor, record: user, audit }) => {
        if (!usersPolicy.can(actor, 'disable', user)) throw forbidden('You cannot disable or enable your own account');
        if (disable === (user.disabledAt != null)) {
          return answer(db, actor, user.id, `${user.username} is ${disable ? 'disabled' : 'enabled'} already`);
        }
        await db
          .update(users)
          .set({ disabledAt: disable ? new Date() : null, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        if (disable) await revokeUserSessions(db, user.id);
        await audit(`user.${path}`, { entityId: user.id, data: { sessionsEnded: disable ? user.activeSessions : 0 } });
        return answer(
          db,
          actor,
          user.id,
          disable
            ? `${user.username} is disabled and signed out everywhere`
            : `${user.username} is enabled and can sign in again`,
        );
      },
    });
  }

  route(app, {
    method: 'POST',
    url: '/user/v-rest/:id/reset-password',
    summary: 'Mail a staff user a one-time link to choose a new password (valid 24 hours)',
    tags,
    access: access.mail,
    params: IdParams,
    response: StaffAccountBody,
    transaction: true,
    load: ({ db, actor, params }) => userLoader.load(db, actor, params.id, 'mail'),
    handler: async ({ db, actor, record: user, audit }) => {
      if (!user.email) throw conflict('This user has no email address; add one first');
      if (user.disabledAt) throw conflict('This account is disabled; enable it first');
      // A user who never chose a password gets the welcome link again; others a reset link.
      const purpose = user.hasPassword ? 'reset_password' : 'verify_email';
      await mailTeacherLink(app, db, user, purpose, { account: 'staff' });
      await audit('user.mail-reset', { entityId: user.id, data: { purpose } });
      return answer(db, actor, user.id, `A password link is on its way to ${user.email}`);
    },
  });

  route(app, {
    method: 'POST',
    url: '/user/v-rest/:id/end-sessions',
    summary: 'Sign a staff user out everywhere: every session of theirs ends at once (the account stays enabled)',
    tags,
    access: access.endSessions,
    params: IdParams,
    response: StaffAccountBody,
    transaction: true,
    load: ({ db, actor, params }) => userLoader.load(db, actor, params.id, 'endSessions'),
    handler: async ({ db, actor, record: user, audit }) => {
      // Your own sessions end too, except the one you are using.
      await revokeUserSessions(db, user.id, user.id === actor.userId ? actor.sessionId : undefined);
      await audit('user.end-sessions', { entityId: user.id, data: { sessionsEnded: user.activeSessions } });
      return answer(db, actor, user.id, `${user.username} is signed out everywhere`);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/me/language',
    summary:
      'The language the signed-in person reads Olympus and its mail in (en or af), kept on their account; ' +
      'the session user answers it as `language` from then on',
    tags,
    access: access.ownLanguage,
    body: MeLanguageBody,
    response: MeLanguageResult,
    handler: async ({ db, actor, body }) => {
      // Someone acting as another person reads the pages in their own language: the owner's choice stays theirs,
      // so the mail the owner is sent does not change language behind their back.
      if (actor.impersonatorId != null) return { success: true as const, language: body.language };
      await db.update(users).set({ language: body.language }).where(eq(users.id, actor.userId));
      return { success: true as const, language: body.language };
    },
  });
}

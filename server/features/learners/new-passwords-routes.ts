import type { FastifyInstance } from 'fastify';
import { NewPasswordsBody, NewPasswordsResult } from '#contract/learners';
import { notFoundSaid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { refuseWhileImpersonating } from '../../platform/credentials.js';
import { enteredPlace } from './load.js';
import { learnersPolicy } from './policy.js';
import * as queries from './queries.js';
import { makeCredentials } from './service.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * New generated passwords for a school's learners in one action (all of them, or the ones chosen), so that their
 * sign-in slips can be printed again with passwords on them. Learners writing right now keep their password (a
 * new one would sign them out mid-olympiad). Who changed is in the answer and in the audit log.
 */
export async function newPasswordsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const secret = app.config.appSecret;

  route(app, {
    method: 'POST',
    url: '/learner/v-rest/new-passwords',
    tags: ['learners'],
    access: learnersPolicy.access.setPassword,
    summary: 'New passwords for all or the chosen learners of a school (not those writing now); reprint their slips',
    body: NewPasswordsBody,
    response: NewPasswordsResult,
    // No route transaction: the passwords are hashed first, then stored with the audit row in one transaction.
    handler: async ({ req, actor, body }) => {
      const place = await enteredPlace(db, actor, body.olympiadId, body.schoolId);
      refuseWhileImpersonating(actor, 'password');
      const wanted = body.learners === 'all' ? 'all' : [...new Set(body.learners)];
      const preview = await queries.learnersForNewPasswords(db, place.olympiad.id, place.school.id, wanted);
      if (wanted !== 'all' && preview.length !== wanted.length) throw notFoundSaid('api-portal.notFound.someLearner');
      const credentials = await makeCredentials(secret, preview.length);
      return db.transaction(async (tx) => {
        // Read again under a row lock: a learner may have started writing while the passwords were made.
        const found = await queries.learnersForNewPasswords(tx, place.olympiad.id, place.school.id, wanted);
        if (wanted !== 'all' && found.length !== wanted.length) throw notFoundSaid('api-portal.notFound.someLearner');
        const who = (l: (typeof found)[number]) => ({
          id: l.id,
          username: l.username,
          firstName: l.firstName,
          lastName: l.lastName,
        });
        const changing = found.filter((l) => !l.writing);
        // A learner who stopped writing meanwhile: light hashes (credentials.ts), cheap to make here.
        if (changing.length > credentials.length)
          credentials.push(...(await makeCredentials(secret, changing.length - credentials.length)));
        const skipped = found
          .filter((l) => l.writing)
          .map((l) => ({ ...who(l), reason: 'Writing right now: a new password would sign them out' }));
        await queries.storeNewPasswords(
          tx,
          changing.map((l, i) => ({
            id: l.id,
            passwordHash: credentials[i]!.passwordHash,
            initialPasswordEnc: credentials[i]!.initialPasswordEnc,
          })),
        );
        const entry = await queries.findEntry(tx, place.olympiad.id, place.school.id);
        await audit(tx, actor, 'learner.new-passwords', {
          entityId: entry?.id ?? null,
          olympiadId: place.olympiad.id,
          ip: req.ip,
          data: {
            schoolId: place.school.id,
            scope: wanted === 'all' ? 'all' : 'chosen',
            changed: changing.map((l) => ({ id: l.id, username: l.username })),
            skipped: skipped.map((l) => ({ id: l.id, username: l.username })),
          },
        });
        const changed = changing.map(who);
        const names = changed
          .slice(0, 5)
          .map((l) => `${l.firstName} ${l.lastName}`)
          .join(', ');
        const more = changed.length > 5 ? ` and ${changed.length - 5} more` : '';
        const message =
          changed.length === 0
            ? 'No password was changed.'
            : `New passwords for ${plural(changed.length, 'learner', 'learners')} (${names}${more}): their old passwords and slips no longer work. Print their new slips.`;
        return {
          success: true as const,
          message: skipped.length
            ? `${message} ${plural(skipped.length, 'learner is', 'learners are')} writing right now and kept their password.`
            : message,
          changed,
          skipped,
        };
      });
    },
  });
}

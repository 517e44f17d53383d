import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import { MassMailRow, ScheduleBody } from '#contract/mail';
import { conflict, invalid } from '../../../http/errors.js';
import { route } from '../../../http/route.js';
import { isoOrNull } from '../../../platform/dates.js';
import { massMailLoader } from '../load.js';
import { mailPolicy } from '../policy.js';
import { alreadyQueued, assertFuture } from './errors.js';
import { queueMailing, recipientsOf } from './mailing.js';
import { mailingContext } from './present.js';
import * as queries from './queries.js';
import { reread } from './write-routes.js';
import { count } from '#contract/numbers';

const tags = ['mail'];
const { access } = mailPolicy;

/**
 * Mass mail, sending: queue a draft (held messages), withdraw it while nothing has been released, and move or
 * cancel a queued mailing's scheduled release.
 */
export async function massMailSendRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/emailer/api/:id/queue',
    summary:
      'Queue a draft: one held message per recipient (unsubscribed and bounced addresses left out); held until the ' +
      'overlord releases them, or until its scheduled time',
    tags,
    access: access.massMail,
    params: IdParams,
    response: z.object({ success: z.literal(true), queued: z.number(), scheduledFor: z.string().nullable() }),
    transaction: true,
    idempotent: true,
    load: ({ db, actor, params }) => massMailLoader.load(db, actor, params.id, 'massMail'),
    handler: async ({ db, record: m, audit }) => {
      if (m.status !== 'draft') throw alreadyQueued();
      if (m.scheduledFor && new Date(m.scheduledFor).getTime() <= Date.now()) {
        throw invalid(
          [{ path: 'scheduledFor', message: 'The time to send has passed: choose a later one, or clear it' }],
          'The scheduled time has passed',
        );
      }
      if (!(await queries.claimForQueue(db, m.id))) throw alreadyQueued();
      const recipients = await recipientsOf(db, m.olympiadId, m.audience);
      const queued = await queueMailing(db, mailingContext(m), recipients, app.config.appSecret, app.config.publicUrl);
      await queries.updateMassMail(db, m.id, { recipients: queued });
      const scheduledFor = isoOrNull(m.scheduledFor);
      await audit('mass-mail.queue', {
        entityId: m.id,
        olympiadId: m.olympiadId,
        data: { recipients: queued, scheduledFor },
      });
      return { success: true as const, queued, scheduledFor };
    },
  });

  route(app, {
    method: 'POST',
    url: '/emailer/api/:id/withdraw',
    summary:
      'Withdraw a queued mailing while none of its messages has been released: its held messages are removed and ' +
      'it is a draft again (to edit, queue again or delete)',
    tags,
    access: access.massMail,
    params: IdParams,
    response: z.object({ success: z.literal(true), message: z.string(), mailing: MassMailRow }),
    transaction: true,
    load: ({ db, actor, params }) => massMailLoader.load(db, actor, params.id, 'massMail'),
    handler: async ({ db, actor, record: m, audit }) => {
      if (m.status !== 'queued') throw conflict('This mailing is not queued: there is nothing to withdraw');
      const done = await queries.withdrawQueued(db, m.id);
      if (!done || done.released > 0) {
        throw conflict('Some of this mailing has been released already, so it can no longer be withdrawn');
      }
      await audit('mass-mail.withdraw', {
        entityId: m.id,
        olympiadId: m.olympiadId,
        data: { withdrawn: done.withdrawn },
      });
      const message = `The mailing is withdrawn: ${count(done.withdrawn, 'held message')} removed, and it is a draft again`;
      return { ...(await reread(db, actor, m.id)), message };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/emailer/api/:id/schedule',
    summary:
      'Move (an instant) or cancel (null) the scheduled release of a queued mailing while its messages are held ' +
      '(the overlord)',
    tags,
    access: access.release,
    params: IdParams,
    body: ScheduleBody,
    response: z.object({ success: z.literal(true), mailing: MassMailRow }),
    transaction: true,
    load: ({ db, actor, params }) => massMailLoader.load(db, actor, params.id, 'release'),
    handler: async ({ db, actor, body, record: m, audit }) => {
      if (m.status !== 'queued') throw conflict('This mailing is a draft: set its time in the composer');
      assertFuture(body.scheduledFor, 'body.scheduledFor');
      if (!(await queries.reschedule(db, m.id, body.scheduledFor))) {
        throw conflict('This mailing was already released at its scheduled time');
      }
      await audit(body.scheduledFor ? 'mass-mail.schedule' : 'mass-mail.cancel-schedule', {
        entityId: m.id,
        olympiadId: m.olympiadId,
        data: { from: isoOrNull(m.scheduledFor), to: body.scheduledFor },
      });
      return reread(db, actor, m.id);
    },
  });
}

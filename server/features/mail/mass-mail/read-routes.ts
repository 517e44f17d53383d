import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import { AudienceCount, AudienceCountBody, MailListQuery, MailPreview, MassMailRow, listOf } from '#contract/mail';
import { route } from '../../../http/route.js';
import { type OneSpec, readOne } from '../../../http/single.js';
import { pageResult } from '../../../platform/paging.js';
import { mailReach, mailTarget, massMailLoader } from '../load.js';
import { mailPolicy } from '../policy.js';
import { countAudience, personalise, progressOf, recipientsOf } from './mailing.js';
import { mailingContext, presentMassMail } from './present.js';
import * as queries from './queries.js';

const tags = ['mail'];
const { access } = mailPolicy;

/** Mass mail, reading (docs/spec.md §7 emailer/v-rest/): the list, one mailing, an audience's size, a preview. */
export async function massMailReadRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/emailer/v-rest/',
    summary: 'Mailings of an olympiad (olympiadId), or of every olympiad and site-wide for the overlord; with progress',
    tags,
    access: access.massMail,
    query: MailListQuery,
    response: listOf(MassMailRow),
    handler: async ({ db, actor, query }) => {
      const { items, total } = await queries.listMassMails(db, mailReach(actor, 'massMail', query.olympiadId), query);
      const progress = await progressOf(
        db,
        items.map((m) => m.id),
      );
      return pageResult(
        items.map((m) => presentMassMail(actor, m, progress)),
        total,
        query,
      );
    },
  });

  const oneMailing = {
    summary: 'One mailing with its progress (queued, sent, failed, bounced, unsubscribed)',
    tags,
    access: access.massMail,
    response: z.object({ success: z.literal(true), mailing: MassMailRow }),
    load: ({ db, actor, params }) => massMailLoader.load(db, actor, params.id, 'massMail'),
    handler: async ({ db, actor, record: m }) => ({
      success: true as const,
      mailing: presentMassMail(actor, m, await progressOf(db, [m.id])),
    }),
  } satisfies OneSpec<typeof access.massMail, Awaited<ReturnType<typeof massMailLoader.load>>>;
  route(app, { ...oneMailing, method: 'GET', url: '/emailer/api/:id', params: IdParams });
  readOne(app, '/emailer/v-rest/', 'massMailId', oneMailing, { byId: false });

  route(app, {
    method: 'POST',
    url: '/emailer/api/audience-count',
    summary: 'How many addresses an audience reaches now (and how many are left out: unsubscribed or bounced)',
    tags,
    access: access.massMail,
    body: AudienceCountBody,
    response: AudienceCount,
    handler: async ({ db, actor, body }) => {
      const olympiadId = mailTarget(actor, 'massMail', body.olympiadId, 'notFound');
      return { success: true as const, ...(await countAudience(db, olympiadId, body.audience)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/emailer/api/:id/preview',
    summary: 'The mailing as one recipient will get it (the first of the audience, or { email })',
    tags,
    access: access.massMail,
    params: IdParams,
    body: z.object({ email: z.email().optional() }).default({}),
    response: MailPreview,
    load: ({ db, actor, params }) => massMailLoader.load(db, actor, params.id, 'massMail'),
    handler: async ({ db, body, record: m }) => {
      const all = await recipientsOf(db, m.olympiadId, m.audience);
      const r = (body.email ? all.find((x) => x.email === body.email?.toLowerCase()) : all[0]) ?? {
        email: body.email ?? 'recipient@example.org',
        firstName: 'Thandi',
        lastName: 'Nkosi',
        schoolName: 'Example High School',
      };
      const p = personalise(mailingContext(m), r, app.config.appSecret, app.config.publicUrl);
      return { success: true as const, to: r.email, subject: p.subject, html: p.html, text: p.text };
    },
  });
}

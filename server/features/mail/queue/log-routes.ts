import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EmailLogBody, EmailLogParams, EmailLogSearchBody, EmailSummary, listOf } from '#contract/mail';
import { route } from '../../../http/route.js';
import { pageResult } from '../../../platform/paging.js';
import { mailReach } from '../load.js';
import { mailPolicy } from '../policy.js';
import { presentEmail } from './present.js';
import { listEmails } from './queries.js';

const tags = ['mail'];
const { access } = mailPolicy;

/** The email logs (docs/spec.md §7 olympiad/reports/email-logs/…): a = olympiad id (0: all, overlord), b = page. */
export async function logRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/olympiad/reports/email-logs/:a/:b',
    summary: 'Email log, paged: a is the olympiad id (0 for every olympiad, overlord only), b the page (from 1)',
    tags,
    access: access.logs,
    params: EmailLogParams,
    body: EmailLogBody,
    response: listOf(EmailSummary),
    handler: async ({ db, actor, params, body }) => {
      const reach = mailReach(actor, 'logs', params.a);
      const paging = {
        page: params.b,
        pageSize: body.pageSize,
        search: body.search,
        sort: body.sort,
        order: body.order,
      };
      const { items, total } = await listEmails(db, reach, body, paging);
      return pageResult(
        items.map((e) => presentEmail(actor, e)),
        total,
        paging,
      );
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/reports/email-logs/search/:term',
    summary: 'Search the email log by recipient, subject or kind; the body gives olympiadId (0: all) and the page',
    tags,
    access: access.logs,
    params: z.strictObject({ term: z.string().trim().min(1).max(200) }),
    body: EmailLogSearchBody,
    response: listOf(EmailSummary),
    handler: async ({ db, actor, params, body }) => {
      const reach = mailReach(actor, 'logs', body.olympiadId);
      const paging = { page: body.page, pageSize: body.pageSize, search: params.term, order: 'desc' as const };
      const { items, total } = await listEmails(db, reach, {}, paging);
      return pageResult(
        items.map((e) => presentEmail(actor, e)),
        total,
        paging,
      );
    },
  });
}

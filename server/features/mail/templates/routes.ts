import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Ok } from '#contract/errors';
import { IdText } from '#contract/ids';
import { MailPreview, TemplateInput, TemplateKindInfo } from '#contract/mail';
import { badRequest, notFound } from '../../../http/errors.js';
import type { Actor } from '../../../http/actor.js';
import { route } from '../../../http/route.js';
import { fill, htmlToText } from '../../../platform/mail-text.js';
import { mailTarget } from '../load.js';
import { mailPolicy } from '../policy.js';
import { sanitizeHtml } from '../sanitize.js';
import * as queries from './queries.js';
import {
  assertTemplateVariables,
  isSystemEmailKind,
  mailLanguages,
  type SystemEmailKind,
  systemEmails,
} from './system-emails.js';

const tags = ['mail'];
const { access } = mailPolicy;
/** The scope of a wording (site-wide, or olympiadId's) and its language (decision 097; English unless said). */
const ScopeQuery = z.object({
  olympiadId: z.preprocess((v) => (v === '' || v == null ? undefined : v), IdText.optional()),
  language: z.enum(mailLanguages).default('en'),
});
const KindParams = z.strictObject({ kind: z.string().min(1).max(60) });

/** The wording a route acts on: a kind of message, in the actor's olympiad (or site-wide, the overlord's). */
const wordingOf = (actor: Actor, kind: string, olympiadId: number | undefined) => {
  const scope = mailTarget(actor, 'templates', olympiadId);
  if (!isSystemEmailKind(kind)) throw notFound('This kind of message');
  return { kind, olympiadId: scope };
};

/** The wording with its variables checked (unknown ones refused) and its HTML sanitised. */
const checked = (kind: SystemEmailKind, body: z.infer<typeof TemplateInput>) => {
  assertTemplateVariables(kind, body.subject, body.html);
  return { subject: body.subject, html: sanitizeHtml(body.html) };
};

/** A wording filled with the kind's sample data. */
const render = (kind: SystemEmailKind, t: { subject: string; html: string }) => {
  const sample = systemEmails[kind].sample as Record<string, string>;
  const html = fill(t.html, sample, true);
  return { subject: fill(t.subject, sample, false), html, text: htmlToText(html) };
};

/**
 * System-email copy: site-wide (overlord, /overlord/edit/email-copy; no olympiadId) and per olympiad (admin,
 * /{o}/admin/edit/system-emails). Unknown variables are refused on save.
 */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/email-template/v-rest/',
    summary:
      'Every system message with its variables and the wording in force (olympiadId: that olympiad’s copy; ' +
      'language: en or af, the built-in Afrikaans from the mail catalogue)',
    tags,
    access: access.templates,
    query: ScopeQuery,
    response: z.object({ success: z.literal(true), items: z.array(TemplateKindInfo) }),
    handler: async ({ db, actor, query }) => {
      const olympiadId = mailTarget(actor, 'templates', query.olympiadId);
      return { success: true as const, items: await queries.templatesFor(db, olympiadId, query.language) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/email-template/api/:kind',
    summary:
      'Save the wording of one system message (site-wide, or for olympiadId) in one language (language: en or af); ' +
      'unknown variables are refused',
    tags,
    access: access.templates,
    params: KindParams,
    query: ScopeQuery,
    body: TemplateInput,
    response: Ok,
    transaction: true,
    load: ({ actor, params, query }) => Promise.resolve(wordingOf(actor, params.kind, query.olympiadId)),
    handler: async ({ db, actor, body, query, record: { kind, olympiadId }, audit }) => {
      const t = checked(kind, body);
      await queries.saveTemplate(db, { kind, olympiadId, language: query.language, ...t, by: actor.userId });
      await audit('email-template.save', { entityId: kind, olympiadId, data: { language: query.language } });
      return { success: true as const, message: 'The message is saved' };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/email-template/api/:kind',
    summary: 'Drop this scope’s wording of a message: the site-wide (or built-in) one applies again',
    tags,
    access: access.templates,
    params: KindParams,
    query: ScopeQuery,
    response: Ok,
    transaction: true,
    load: ({ actor, params, query }) => Promise.resolve(wordingOf(actor, params.kind, query.olympiadId)),
    handler: async ({ db, query, record: { kind, olympiadId }, audit }) => {
      await queries.resetTemplate(db, kind, olympiadId, query.language);
      await audit('email-template.reset', { entityId: kind, olympiadId, data: { language: query.language } });
      return { success: true as const, message: 'The message is back to its default wording' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/email-template/api/:kind/preview',
    summary: 'Render a wording with sample data (refuses unknown variables, as saving does)',
    tags,
    access: access.templates,
    params: KindParams,
    query: ScopeQuery,
    body: TemplateInput,
    response: MailPreview,
    handler: async ({ actor, params, query, body }) => {
      const { kind } = wordingOf(actor, params.kind, query.olympiadId);
      return { success: true as const, to: 'sample', ...render(kind, checked(kind, body)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/email-template/api/:kind/test',
    summary: 'Send a wording, filled with sample data, to your own address',
    tags,
    access: access.templates,
    params: KindParams,
    query: ScopeQuery,
    body: TemplateInput,
    response: Ok,
    handler: async ({ db, actor, params, query, body }) => {
      const { kind, olympiadId } = wordingOf(actor, params.kind, query.olympiadId);
      const r = render(kind, checked(kind, body));
      const email = await queries.ownEmail(db, actor.userId);
      if (!email) throw badRequest('Your account has no email address to send the test to');
      await app.mailer.send(db, {
        kind: `test:${kind}`,
        to: email,
        subject: `[Test] ${r.subject}`,
        text: r.text,
        html: r.html,
        userId: actor.userId,
        olympiadId,
      });
      return { success: true as const, message: `A test is on its way to ${email}` };
    },
  });
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdText } from '../../../contract/ids.js';
import { Ok } from '../../../contract/errors.js';
import { MailPreview, TemplateInput, TemplateKindInfo } from '../../../contract/mail.js';
import { rows } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, invalid, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { fill } from './mass-mail.js';
import { mailAccess, mailPolicy } from './policy.js';
import { htmlToText, sanitizeHtml } from './sanitize.js';
import {
  isSystemEmailKind,
  type SystemEmailKind,
  systemEmails,
  templatesFor,
  unknownTemplateVariables,
} from './templates.js';

const tags = ['mail'];
const ScopeQuery = z.object({
  olympiadId: z.preprocess((v) => (v === '' || v == null ? undefined : v), IdText.optional()),
});
const KindParams = z.strictObject({ kind: z.string().min(1).max(60) });

/**
 * System-email copy: site-wide (overlord, /overlord/edit/email-copy; no olympiadId) and per olympiad (admin,
 * /{o}/admin/edit/system-emails). Unknown variables are refused on save.
 */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const scopeOf = (actor: Actor, olympiadId: number | undefined) => {
    const id = olympiadId ?? null;
    if (!mailPolicy.canSee(actor, id, ['admin']))
      throw id == null ? badRequest('Say which olympiad (olympiadId)') : notFound('This olympiad');
    return id;
  };
  const kindOf = (kind: string): SystemEmailKind => {
    if (!isSystemEmailKind(kind)) throw notFound('This kind of message');
    return kind;
  };
  const checked = (kind: SystemEmailKind, body: z.infer<typeof TemplateInput>) => {
    const errors = unknownTemplateVariables(kind, body.subject, body.html);
    if (errors.length) throw invalid(errors, 'The message uses variables that do not exist');
    return { subject: body.subject, html: sanitizeHtml(body.html) };
  };
  const render = (kind: SystemEmailKind, t: { subject: string; html: string }) => {
    const sample = systemEmails[kind].sample as Record<string, string>;
    const html = fill(t.html, sample, true);
    return { subject: fill(t.subject, sample, false), html, text: htmlToText(html) };
  };

  route(app, {
    method: 'GET',
    url: '/email-template/v-rest/',
    summary: 'Every system message with its variables and the wording in force (olympiadId: that olympiad’s copy)',
    tags,
    access: mailAccess.templates,
    query: ScopeQuery,
    response: z.object({ success: z.literal(true), items: z.array(TemplateKindInfo) }),
    handler: async ({ actor, query }) => {
      const olympiadId = scopeOf(actor, query.olympiadId);
      return { success: true, items: await templatesFor(app.db, olympiadId) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/email-template/api/:kind',
    summary: 'Save the wording of one system message (site-wide, or for olympiadId); unknown variables are refused',
    tags,
    access: mailAccess.templates,
    params: KindParams,
    query: ScopeQuery,
    body: TemplateInput,
    response: Ok,
    handler: async ({ req, actor, params, query, body }) => {
      const olympiadId = scopeOf(actor, query.olympiadId);
      const kind = kindOf(params.kind);
      const t = checked(kind, body);
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`insert into email_templates (kind, olympiad_id, subject, html_body, updated_by)
          values (${kind}, ${olympiadId}, ${t.subject}, ${t.html}, ${actor.userId})
          on conflict (kind, coalesce(olympiad_id, 0)) do update
            set subject = excluded.subject, html_body = excluded.html_body, updated_by = excluded.updated_by, updated_at = now()`);
        await audit(tx, actor, {
          action: 'email-template.save',
          entity: 'email_template',
          entityId: kind,
          olympiadId,
          ip: req.ip,
        });
      });
      return { success: true, message: 'The message is saved' };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/email-template/api/:kind',
    summary: 'Drop this scope’s wording of a message: the site-wide (or built-in) one applies again',
    tags,
    access: mailAccess.templates,
    params: KindParams,
    query: ScopeQuery,
    response: Ok,
    handler: async ({ req, actor, params, query }) => {
      const olympiadId = scopeOf(actor, query.olympiadId);
      const kind = kindOf(params.kind);
      await app.db.transaction(async (tx) => {
        await tx.execute(
          sql`delete from email_templates where kind = ${kind} and coalesce(olympiad_id, 0) = ${olympiadId ?? 0}`,
        );
        await audit(tx, actor, {
          action: 'email-template.reset',
          entity: 'email_template',
          entityId: kind,
          olympiadId,
          ip: req.ip,
        });
      });
      return { success: true, message: 'The message is back to its default wording' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/email-template/api/:kind/preview',
    summary: 'Render a wording with sample data (refuses unknown variables, as saving does)',
    tags,
    access: mailAccess.templates,
    params: KindParams,
    query: ScopeQuery,
    body: TemplateInput,
    response: MailPreview,
    handler: async ({ actor, params, query, body }) => {
      scopeOf(actor, query.olympiadId);
      const kind = kindOf(params.kind);
      const r = render(kind, checked(kind, body));
      return { success: true, to: 'sample', ...r };
    },
  });

  route(app, {
    method: 'POST',
    url: '/email-template/api/:kind/test',
    summary: 'Send a wording, filled with sample data, to your own address',
    tags,
    access: mailAccess.templates,
    params: KindParams,
    query: ScopeQuery,
    body: TemplateInput,
    response: Ok,
    handler: async ({ actor, params, query, body }) => {
      const olympiadId = scopeOf(actor, query.olympiadId);
      const kind = kindOf(params.kind);
      const r = render(kind, checked(kind, body));
      const [me] = await rows<{ email: string | null }>(
        app.db,
        sql`select email from users where id = ${actor.userId}`,
      );
      if (!me?.email) throw badRequest('Your account has no email address to send the test to');
      await app.mailer.send(app.db, {
        kind: `test:${kind}`,
        to: me.email,
        subject: `[Test] ${r.subject}`,
        text: r.text,
        html: r.html,
        userId: actor.userId,
        olympiadId,
      });
      return { success: true, message: `A test is on its way to ${me.email}` };
    },
  });
}

import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { TemplateKindInfo } from '#contract/mail';
import type { Queryable } from '../../../db/client.js';
import { emailTemplates, users } from '../../../db/schema/index.js';
import { type MailLanguage, type SystemEmailKind, defaultWording, systemEmails } from './system-emails.js';

/**
 * The wording in force for every kind in one language: this olympiad's copy, else the site-wide copy, else the
 * built-in one (in Afrikaans, the catalogue's: locales/af/mail.json).
 */
export async function templatesFor(
  q: Queryable,
  olympiadId: number | null,
  language: MailLanguage = 'en',
): Promise<TemplateKindInfo[]> {
  const siteWide = isNull(emailTemplates.olympiadId);
  const saved = await q
    .select({
      kind: emailTemplates.kind,
      olympiadId: emailTemplates.olympiadId,
      subject: emailTemplates.subject,
      htmlBody: emailTemplates.htmlBody,
    })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.language, language),
        olympiadId == null ? siteWide : or(siteWide, eq(emailTemplates.olympiadId, olympiadId)),
      ),
    );
  return (Object.keys(systemEmails) as SystemEmailKind[]).map((kind) => {
    const def = systemEmails[kind];
    const builtIn = defaultWording(kind, language);
    const own = olympiadId != null ? saved.find((s) => s.kind === kind && s.olympiadId === olympiadId) : undefined;
    const site = saved.find((s) => s.kind === kind && s.olympiadId == null);
    const used = own ?? site;
    return {
      kind,
      label: def.label,
      variables: [...def.variables],
      subject: used?.subject ?? builtIn.subject,
      html: used?.htmlBody ?? builtIn.html,
      source: own ? 'olympiad' : site ? 'site' : 'default',
    };
  });
}

/** Saves this scope's wording of a message in one language (site-wide when `olympiadId` is null). */
export async function saveTemplate(
  q: Queryable,
  t: {
    kind: SystemEmailKind;
    olympiadId: number | null;
    language?: MailLanguage;
    subject: string;
    html: string;
    by: number;
  },
) {
  await q.execute(sql`insert into email_templates (kind, olympiad_id, language, subject, html_body, updated_by)
    values (${t.kind}, ${t.olympiadId}, ${t.language ?? 'en'}, ${t.subject}, ${t.html}, ${t.by})
    on conflict (kind, coalesce(olympiad_id, 0), language) do update
      set subject = excluded.subject, html_body = excluded.html_body, updated_by = excluded.updated_by, updated_at = now()`);
}

/** Drops this scope's wording of a message in one language. */
export async function resetTemplate(
  q: Queryable,
  kind: SystemEmailKind,
  olympiadId: number | null,
  language: MailLanguage = 'en',
) {
  await q.execute(
    sql`delete from email_templates where kind = ${kind} and coalesce(olympiad_id, 0) = ${olympiadId ?? 0}
      and language = ${language}`,
  );
}

/** The caller's own address (a test message goes there). */
export async function ownEmail(q: Queryable, userId: number) {
  const [me] = await q.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return me?.email ?? null;
}

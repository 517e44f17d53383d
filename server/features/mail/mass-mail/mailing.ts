import { count, inArray, type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { Audience, MassMailProgress } from '#contract/mail';
import { type Queryable, rows } from '../../../db/client.js';
import { emails, unsubscribes } from '../../../db/schema/index.js';
import { suppressedSql } from '../../../platform/mail-suppression.js';
import { escapeHtml } from '../../../platform/html.js';
import { fill, htmlToText } from '../../../platform/mail-text.js';
import { unsubscribeRef } from '../unsubscribe-ref.js';
import { assertKnownVariables } from '../variables.js';

/** Variables a mass mail may use, filled per recipient. */
export const massMailVariables = ['firstName', 'lastName', 'email', 'schoolName', 'olympiadTitle'] as const;

/** One address of an audience, with the names its message is personalised with. */
const Recipient = z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), schoolName: z.string() });
export type Recipient = z.infer<typeof Recipient>;

const AudienceSize = z.object({ count: z.number(), suppressed: z.number() });

/** A count per mailing (its emails' mass_mail_id, never null in these statements). */
const MailingCount = z.object({ massMailId: createSelectSchema(emails).shape.massMailId.unwrap(), n: z.number() });

/**
 * The addresses of an audience, one row per address (lower-cased), with a name for personalising.
 * For an olympiad's mailing: that olympiad's schools and contacts; for a site-wide one: every olympiad's.
 *  - participating teachers: teachers of schools entered (and not withdrawn);
 *  - unpaid teachers: of those, the schools whose purchase order is not paid (pre-approved is not paid, a
 *    removed order is not paid; decision 020);
 *  - useful contacts: the olympiad's contacts with an address ({{firstName}} is the first word of the name,
 *    {{schoolName}} the organisation).
 */
function audienceSql(olympiadId: number | null, audience: Audience): SQL {
  const teachers = sql`select distinct on (lower(u.email)) lower(u.email) as email, u.first_name, u.last_name,
      coalesce(s.name, '') as school_name
    from users u left join schools s on s.id = u.school_id
    where u.role = 'teacher' and u.email is not null and u.email <> '' and u.disabled_at is null`;
  const inOlympiad = (column: SQL) => (olympiadId == null ? sql`true` : sql`${column} = ${olympiadId}`);
  switch (audience.kind) {
    case 'all-teachers':
      return sql`${teachers} order by lower(u.email), u.id`;
    case 'participating-teachers':
      return sql`${teachers} and u.school_id in (select sp.school_id from school_participants sp
        where ${inOlympiad(sql`sp.olympiad_id`)} and sp.status <> 'withdrawn')
        order by lower(u.email), u.id`;
    case 'unpaid-teachers':
      return sql`${teachers} and u.school_id in (select sp.school_id from school_participants sp
        where ${inOlympiad(sql`sp.olympiad_id`)} and sp.status <> 'withdrawn'
          and not exists (select 1 from purchase_orders po
            where po.school_participant_id = sp.id and po.deleted_at is null and po.paid))
        order by lower(u.email), u.id`;
    case 'useful-contacts':
      return sql`select distinct on (lower(c.email)) lower(c.email) as email,
          split_part(c.name, ' ', 1) as first_name,
          btrim(substr(c.name, length(split_part(c.name, ' ', 1)) + 1)) as last_name,
          coalesce(c.organisation, '') as school_name
        from useful_contacts c
        where ${inOlympiad(sql`c.olympiad_id`)} and c.email is not null and c.email <> ''
        order by lower(c.email), c.id`;
    case 'pasted': {
      const list = audience.addresses.length ? audience.addresses : [''];
      return sql`select distinct on (a.email) a.email, coalesce(u.first_name, '') as first_name, coalesce(u.last_name, '') as last_name,
          coalesce(s.name, '') as school_name
        from unnest(${sql`array[${sql.join(
          list.map((a) => sql`${a}`),
          sql`, `,
        )}]::text[]`}) as a(email)
        left join users u on lower(u.email) = a.email and u.role <> 'learner'
        left join schools s on s.id = u.school_id
        where a.email <> '' order by a.email, u.id`;
    }
  }
}

export async function countAudience(q: Queryable, olympiadId: number | null, audience: Audience) {
  const [r] = await rows(
    q,
    AudienceSize,
    sql`select count(*) filter (where not s.suppressed)::int as count, count(*) filter (where s.suppressed)::int as suppressed
      from (select ${suppressedSql(sql`r.email`, sql`${olympiadId}::int`)} as suppressed
        from (${audienceSql(olympiadId, audience)}) r) s`,
  );
  return { count: r?.count ?? 0, suppressed: r?.suppressed ?? 0 };
}

export async function recipientsOf(q: Queryable, olympiadId: number | null, audience: Audience): Promise<Recipient[]> {
  return rows(
    q,
    Recipient,
    sql`select r.email, r.first_name, r.last_name, r.school_name from (${audienceSql(olympiadId, audience)}) r
      where not ${suppressedSql(sql`r.email`, sql`${olympiadId}::int`)}`,
  );
}

export interface MailingContext {
  id: number;
  olympiadId: number | null;
  olympiad: { title: string; varName: string } | null;
  subject: string;
  html: string;
  attachmentIds: number[];
}

/** One recipient's message: personalised, with the personal unsubscribe link and what it does and does not stop. */
export function personalise(m: MailingContext, r: Recipient, secret: string, publicUrl: string) {
  const ref = unsubscribeRef(secret, m.id, r.email);
  const link = m.olympiad ? `${publicUrl}/${m.olympiad.varName}/unsubscribe/${ref}` : `${publicUrl}/unsubscribe/${ref}`;
  const vars = {
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    schoolName: r.schoolName,
    olympiadTitle: m.olympiad?.title ?? 'Olympus',
  };
  const from = m.olympiad ? `the ${m.olympiad.title}` : 'Olympus';
  const subject = fill(m.subject, vars, false);
  const body = fill(m.html, vars, true);
  const html =
    `${body}<hr><p style="font-size:12px;color:#555">You receive this as a contact of ${escapeHtml(from)}. ` +
    `<a href="${link}">Unsubscribe</a> from its mass mail with one click. Messages about your own account ` +
    `(password resets, invoices, certificates) will still reach you.</p>`;
  const text =
    `${htmlToText(body)}\n\n--\nYou receive this as a contact of ${from}. Unsubscribe from its mass mail: ${link}\n` +
    `Messages about your own account (password resets, invoices, certificates) will still reach you.\n`;
  return { ref, subject, html, text, link };
}

/** Queues a mailing: one held row per recipient not suppressed, in chunks. Answers how many. */
export async function queueMailing(
  q: Queryable,
  m: MailingContext,
  recipients: Recipient[],
  secret: string,
  publicUrl: string,
) {
  for (let i = 0; i < recipients.length; i += 500) {
    const chunk = recipients.slice(i, i + 500).map((r) => {
      const p = personalise(m, r, secret, publicUrl);
      return {
        kind: 'mass-mail',
        toAddress: r.email,
        subject: p.subject,
        textBody: p.text,
        htmlBody: p.html,
        status: 'held' as const,
        massMailId: m.id,
        olympiadId: m.olympiadId,
        unsubscribeRef: p.ref,
        attachmentIds: m.attachmentIds,
      };
    });
    if (chunk.length) await q.insert(emails).values(chunk);
  }
  return recipients.length;
}

export async function progressOf(q: Queryable, ids: number[]): Promise<Map<number, MassMailProgress>> {
  const out = new Map<number, MassMailProgress>();
  if (!ids.length) return out;
  const idList = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  for (const id of ids)
    out.set(id, { held: 0, released: 0, sending: 0, sent: 0, failed: 0, suppressed: 0, bounced: 0, unsubscribed: 0 });
  const counts = await q
    .select({ massMailId: emails.massMailId, status: emails.status, n: count() })
    .from(emails)
    .where(inArray(emails.massMailId, ids))
    .groupBy(emails.massMailId, emails.status);
  for (const c of counts) {
    const p = out.get(c.massMailId!)!;
    const key = c.status === 'outbox' ? 'sent' : (c.status as keyof MassMailProgress);
    if (key in p) p[key] += c.n;
  }
  const bounced = await rows(
    q,
    MailingCount,
    sql`select e.mass_mail_id, count(distinct lower(b.email))::int as n from emails e
      join bounces b on lower(b.email) = lower(e.to_address) and b.created_at >= e.created_at
      where e.mass_mail_id in (${idList}) group by 1`,
  );
  for (const b of bounced) out.get(b.massMailId)!.bounced = b.n;
  const unsub = await q
    .select({ massMailId: unsubscribes.massMailId, n: count() })
    .from(unsubscribes)
    .where(inArray(unsubscribes.massMailId, ids))
    .groupBy(unsubscribes.massMailId);
  for (const u of unsub) out.get(u.massMailId!)!.unsubscribed = u.n;
  return out;
}

/** Refuses a mailing that uses variables a mass mail does not have. */
export const assertVariables = (subject: string, html: string) =>
  assertKnownVariables(subject, html, massMailVariables, 'use');

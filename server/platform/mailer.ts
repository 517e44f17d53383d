import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import { type Queryable, rows } from '../db/client.js';
import { type EmailStatus, attachments, emailTemplates, emails, uploads } from '../db/schema/index.js';
import { escapeHtml } from './html.js';
import { type ServerLocale, type ServerMessageId, isServerLocale, translate } from './i18n.js';
import { suppressedSql } from './mail-suppression.js';
import { fill, htmlToText } from './mail-text.js';
import type { FileStorage } from './storage.js';

/** A message as callers hand it over; `send` queues it released and delivers it at once. */
export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  userId?: number | null;
  olympiadId?: number | null;
  /**
   * The system-email kind and its variables (features/mail/templates/system-emails.ts). The message goes out in its
   * recipient's language (`recipientLanguage`): when the olympiad or the site has its own wording for that kind in
   * that language (edit/system-emails, edit/email-copy), it replaces subject, html and text; an Afrikaans reader
   * without one gets the catalogue's Afrikaans wording of the kind, an English one the caller's message.
   */
  template?: { kind: string; vars: Record<string, string> };
}

/** What `enqueue` accepts beyond `OutgoingMail`: mass-mail fields and the starting state. */
export interface QueuedMail extends OutgoingMail {
  status?: 'held' | 'released';
  massMailId?: number | null;
  unsubscribeRef?: string | null;
  attachmentIds?: number[];
}

/** One row of `emails` as the sender reads it. */
const QueuedRow = createSelectSchema(emails).pick({
  id: true,
  kind: true,
  toAddress: true,
  subject: true,
  textBody: true,
  htmlBody: true,
  attempts: true,
  massMailId: true,
  olympiadId: true,
  unsubscribeRef: true,
  attachmentIds: true,
});
export type QueuedRow = z.infer<typeof QueuedRow>;

export type DeliveryOutcome = 'sent' | 'outbox' | 'retry' | 'failed' | 'suppressed';

export interface MailSettings {
  publicUrl: string;
  storage: FileStorage | null;
  maxAttempts: number;
  retryBaseSeconds: number;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set; 'outbox' keeps messages in the database only. */
  transport: 'smtp' | 'outbox';
  /** Who this process is in `locked_by` and in the attempt log. */
  worker: string;
  /** Set by buildApp: links, storage for attachments, retry policy. */
  configure(settings: Partial<MailSettings>): void;
  /**
   * System mail: queues the message released and, outside a transaction, delivers it at once through the
   * queue (the claim is the same row lock the background sender uses). Never throws for delivery failures;
   * a temporary failure stays queued for the sender's retries.
   */
  send(q: Queryable, mail: OutgoingMail): Promise<{ id: number; status: EmailStatus }>;
  /** Queues one message (held or released) and answers its id. */
  enqueue(q: Queryable, mail: QueuedMail): Promise<number>;
  /** Delivers one claimed (`sending`) row and records the outcome and the attempt. */
  deliverClaimed(q: Queryable, row: QueuedRow): Promise<DeliveryOutcome>;
  close(): void;
}

/** SMTP answers 4xx for "try again later" and 5xx for "never"; no answer at all (network) is temporary. */
export function isPermanent(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number') return e.responseCode >= 500;
  return e.code === 'EENVELOPE' || e.code === 'EMESSAGE';
}

const describe = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 1000);

/** List-Unsubscribe with the one-click POST of RFC 8058, for mass mail only. */
export function unsubscribeHeaders(publicUrl: string, ref: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${publicUrl}/unsubscribe/api/one-click/${encodeURIComponent(ref)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const claimedColumns = sql`id, kind, to_address, subject, text_body, html_body, attempts, mass_mail_id, olympiad_id,
  unsubscribe_ref, attachment_ids`;

/**
 * Claims up to `limit` due released rows for `worker`: one UPDATE over a `FOR UPDATE SKIP LOCKED`
 * sub-select, so two processes never claim one row (decision 010).
 */
export async function claimDue(q: Queryable, worker: string, limit: number): Promise<QueuedRow[]> {
  return rows(
    q,
    QueuedRow,
    sql`update emails set status = 'sending', locked_at = now(), locked_by = ${worker}, attempts = attempts + 1
      where id in (select id from emails where status = 'released' and next_attempt_at <= now()
        order by next_attempt_at, id limit ${limit} for update skip locked)
      returning ${claimedColumns}`,
  );
}

/**
 * The language a system message's recipient reads (decision 097): their own choice (users.language, by id, else
 * by the address when the message names no account), else their olympiad's default language, else English.
 */
export async function recipientLanguage(
  q: Queryable,
  mail: Pick<OutgoingMail, 'to' | 'userId' | 'olympiadId'>,
): Promise<ServerLocale> {
  const [row] = await rows(
    q,
    z.object({ language: z.string() }),
    sql`select coalesce(
      (select language from users where id = ${mail.userId ?? null}::int),
      (select language from users where lower(email) = lower(${mail.to}) and language is not null
        order by id limit 1),
      (select default_language from olympiads where id = ${mail.olympiadId ?? null}::int),
      'en') as language`,
  );
  return isServerLocale(row?.language) ? row.language : 'en';
}

/**
 * A system message in its recipient's language: the saved wording of its kind in that language (this olympiad's,
 * else the site-wide one); else, in English, the caller's own message, and in Afrikaans the catalogue's wording of
 * the kind (locales/af/mail.json `mail.<kind>.subject` and `.html`).
 */
async function inRecipientLanguage(q: Queryable, mail: OutgoingMail): Promise<OutgoingMail> {
  const t = mail.template!;
  const language = await recipientLanguage(q, mail);
  const [saved] = await q
    .select({ subject: emailTemplates.subject, htmlBody: emailTemplates.htmlBody })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.kind, t.kind),
        eq(emailTemplates.language, language),
        mail.olympiadId == null
          ? isNull(emailTemplates.olympiadId)
          : or(isNull(emailTemplates.olympiadId), eq(emailTemplates.olympiadId, mail.olympiadId)),
      ),
    )
    .orderBy(sql`${emailTemplates.olympiadId} is null`)
    .limit(1);
  if (saved) {
    const html = fill(saved.htmlBody, t.vars, true);
    return { ...mail, subject: fill(saved.subject, t.vars, false), html, text: htmlToText(html) };
  }
  if (language === 'en') return mail;
  const subjectId = `mail.${t.kind}.subject` as ServerMessageId;
  const htmlId = `mail.${t.kind}.html` as ServerMessageId;
  const escaped = Object.fromEntries(Object.entries(t.vars).map(([k, v]) => [k, escapeHtml(v)]));
  const subject = translate(language, subjectId, t.vars);
  const html = translate(language, htmlId, escaped);
  // A kind the catalogue does not word stays as the caller wrote it.
  if (subject === subjectId || html === htmlId) return mail;
  return { ...mail, subject, html, text: htmlToText(html) };
}

export function createMailer(options: { smtpUrl?: string | undefined; from: string; pool?: boolean }): Mailer {
  // A pool of SMTP connections (reused across messages); `pool: false` opens one connection per message.
  const transporter: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        pool: options.pool ?? true,
        maxConnections: 8,
        maxMessages: Infinity,
      })
    : null;
  const settings: MailSettings = {
    publicUrl: 'http://localhost:3000',
    storage: null,
    maxAttempts: 6,
    retryBaseSeconds: 60,
  };
  const worker = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const attachmentCache = new Map<number, { filename: string; content: Buffer }>();

  async function loadAttachments(q: Queryable, ids: number[]) {
    if (!ids.length) return [];
    if (!settings.storage) throw new Error('No file storage is configured for attachments');
    const missing = ids.filter((id) => !attachmentCache.has(id));
    if (missing.length) {
      const found = await q
        .select({ id: attachments.id, filename: attachments.filename, key: uploads.filename })
        .from(attachments)
        .innerJoin(uploads, eq(uploads.id, attachments.uploadId))
        .where(inArray(attachments.id, missing.map(Number)));
      for (const f of found) {
        if (attachmentCache.size > 50) attachmentCache.clear();
        attachmentCache.set(f.id, { filename: f.filename, content: await settings.storage.get(f.key) });
      }
    }
    return ids.map((id) => {
      const a = attachmentCache.get(id);
      if (!a) throw Object.assign(new Error(`Attachment ${id} no longer exists`), { code: 'EMESSAGE' });
      return a;
    });
  }

  async function record(q: Queryable, row: QueuedRow, outcome: DeliveryOutcome, response: string | null, ms: number) {
    if (outcome === 'sent' || outcome === 'outbox') {
      await q.execute(sql`update emails set status = ${outcome}, transport = ${outcome === 'sent' ? 'smtp' : 'outbox'},
        sent_at = now(), last_error = null, locked_at = null where id = ${row.id}`);
    } else if (outcome === 'retry') {
      const delay = settings.retryBaseSeconds * 2 ** Math.max(0, row.attempts - 1);
      await q.execute(sql`update emails set status = 'released', last_error = ${response}, locked_at = null,
        next_attempt_at = now() + make_interval(secs => ${delay}) where id = ${row.id}`);
    } else {
      await q.execute(sql`update emails set status = ${outcome}, last_error = ${response}, locked_at = null
        where id = ${row.id}`);
    }
    await q.execute(sql`insert into email_attempts (email_id, outcome, response, worker, duration_ms)
      values (${row.id}, ${outcome}, ${response}, ${worker}, ${Math.round(ms)})`);
  }

  const mailer: Mailer = {
    transport: transporter ? 'smtp' : 'outbox',
    worker,
    configure(next) {
      Object.assign(settings, next);
    },

    async enqueue(q, mail) {
      const status = mail.status ?? 'released';
      const [row] = await q
        .insert(emails)
        .values({
          kind: mail.kind,
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          status,
          releasedAt: status === 'released' ? new Date() : null,
          userId: mail.userId ?? null,
          olympiadId: mail.olympiadId ?? null,
          massMailId: mail.massMailId ?? null,
          unsubscribeRef: mail.unsubscribeRef ?? null,
          attachmentIds: mail.attachmentIds ?? [],
        })
        .returning({ id: emails.id });
      return row!.id;
    },

    async send(q, given) {
      const mail = given.template ? await inRecipientLanguage(q, given) : given;
      const id = await mailer.enqueue(q, { ...mail, status: 'released' });
      // Inside a transaction the row is not committed yet: the background sender delivers it after commit.
      if ('rollback' in q) return { id, status: 'released' };
      const [claimed] = await rows(
        q,
        QueuedRow,
        sql`update emails set status = 'sending', locked_at = now(), locked_by = ${worker}, attempts = attempts + 1
          where id = ${id} and status = 'released' returning ${claimedColumns}`,
      );
      if (!claimed) return { id, status: 'released' };
      const outcome = await mailer.deliverClaimed(q, claimed);
      const status: EmailStatus = outcome === 'retry' ? 'released' : outcome;
      return { id, status };
    },

    async deliverClaimed(q, row) {
      const started = performance.now();
      if (row.massMailId != null) {
        const [s] = await rows(
          q,
          z.object({ suppressed: z.boolean() }),
          sql`select ${suppressedSql(sql`${row.toAddress}`, sql`${row.olympiadId}::int`)} as suppressed`,
        );
        if (s?.suppressed) {
          await record(q, row, 'suppressed', 'Unsubscribed or bounced before sending', performance.now() - started);
          return 'suppressed';
        }
      }
      if (!transporter) {
        await record(q, row, 'outbox', 'Kept in the outbox (no SMTP_URL)', performance.now() - started);
        return 'outbox';
      }
      try {
        const files = await loadAttachments(q, row.attachmentIds ?? []);
        const info = await transporter.sendMail({
          from: options.from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          ...(row.htmlBody ? { html: row.htmlBody } : {}),
          ...(files.length ? { attachments: files } : {}),
          headers: {
            'X-Olympus-Email-Id': String(row.id),
            ...(row.unsubscribeRef ? unsubscribeHeaders(settings.publicUrl, row.unsubscribeRef) : {}),
          },
        });
        await record(q, row, 'sent', String(info.response ?? '').slice(0, 500), performance.now() - started);
        return 'sent';
      } catch (err) {
        const outcome: DeliveryOutcome = !isPermanent(err) && row.attempts < settings.maxAttempts ? 'retry' : 'failed';
        await record(q, row, outcome, describe(err), performance.now() - started);
        return outcome;
      }
    },

    close: () => transporter?.close(),
  };
  return mailer;
}

import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Queryable } from '../db/client.js';
import { emails } from '../db/schema/index.js';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  userId?: number | null;
  olympiadId?: number | null;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set; 'outbox' keeps messages in the database only. */
  transport: 'smtp' | 'outbox';
  /** Sends (or stores) one system message and logs it in `emails`. Never throws for delivery failures. */
  send(q: Queryable, mail: OutgoingMail): Promise<{ id: number; status: 'outbox' | 'sent' | 'failed' }>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string | undefined; from: string }): Mailer {
  const transporter: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(q, mail) {
      let status: 'outbox' | 'sent' | 'failed' = 'outbox';
      let error: string | null = null;
      if (transporter) {
        try {
          await transporter.sendMail({
            from: options.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html ? { html: mail.html } : {}),
          });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
        }
      }
      const [row] = await q
        .insert(emails)
        .values({
          kind: mail.kind,
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          status,
          error,
          userId: mail.userId ?? null,
          olympiadId: mail.olympiadId ?? null,
          sentAt: status === 'sent' ? new Date() : null,
        })
        .returning({ id: emails.id });
      return { id: row!.id, status };
    },
    close: () => transporter?.close(),
  };
}

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { printedMoney } from '#contract/numbers';
import { IdRow, type Queryable, rows } from '../../../db/client.js';
import { escapeHtml } from '../../../platform/html.js';
import type { Mailer } from '../../../platform/mailer.js';
import type { FileStorage } from '../../../platform/storage.js';
import { type Contact, contactsOf } from './contacts.js';
import { invoicePdfOffThread } from './pdf-pool.js';
import { creditNoteOutcome, type InvoiceDocument } from './pdf.js';
import type { InvoiceRow } from './queries.js';

/** What a stored document's PDF prints. */
export const documentOf = (r: InvoiceRow): InvoiceDocument => ({
  kind: r.kind,
  documentNumber: r.documentNumber,
  creditsDocumentNumber: r.creditsDocumentNumber,
  replacedByDocumentNumber: r.replacedByDocumentNumber,
  issuedAt: r.issuedAt,
  dueOn: r.dueOn == null ? null : r.dueOn.slice(0, 10),
  currency: r.currency,
  lines: r.lines,
  subtotalCents: r.subtotalCents,
  vatRateBp: r.vatRateBp,
  vatCents: r.vatCents,
  totalCents: r.totalCents,
  schoolsPO: r.schoolsPO,
  paymentReference: r.paymentReference,
  olympiadTitle: r.olympiadTitle,
  billTo: r.billTo,
  seller: r.seller,
});

export const pdfFileName = (r: Pick<InvoiceRow, 'kind' | 'documentNumber'>) =>
  `${r.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${r.documentNumber}.pdf`;

export interface MailDeps {
  mailer: Mailer;
  storage: FileStorage;
}

/**
 * Mails a document to the school's teachers through the queue (decision 031): the PDF is stored and attached,
 * so that the message and its attachment appear in the email logs. Answers how many messages were queued.
 */
export async function mailInvoice(
  q: Queryable,
  deps: MailDeps,
  r: InvoiceRow,
  by: number | null,
  known?: Contact[],
): Promise<number> {
  const contacts = known ?? (await contactsOf(q, r.purchaseOrderId));
  if (!contacts.length) return 0;
  const bytes = Buffer.from(await invoicePdfOffThread(documentOf(r)));
  const name = pdfFileName(r);
  const stored = await deps.storage.put(name, bytes);
  // The stored file and the attachment that names it, in one statement; the school's own, so never offered to
  // mass mail.
  const [attachment] = await rows(
    q,
    IdRow,
    sql`with upload as (
        insert into uploads (filename, original_name, content_type, size, sha256, olympiad_id, uploaded_by)
        values (${stored.key}, ${name}, 'application/pdf', ${stored.size},
          ${stored.sha256 || createHash('sha256').update(bytes).digest('hex')}, ${r.olympiadId}, ${by})
        returning id)
      insert into attachments (upload_id, filename, olympiad_id, school_id, created_by)
      select upload.id, ${name}, ${r.olympiadId}, ${r.schoolId}, ${by} from upload returning id`,
  );
  const credit = r.kind === 'credit_note';
  const what = credit ? `Credit note ${r.documentNumber}` : `Invoice ${r.documentNumber}`;
  const total = printedMoney(Math.abs(r.totalCents), r.currency);
  let first: number | null = null;
  for (const c of contacts) {
    const hello = `Hello ${c.name || 'there'},`;
    const body = credit
      ? `${r.schoolName}'s invoice ${r.creditsDocumentNumber} for the ${r.olympiadTitle} is credited in full (${total}). ${creditNoteOutcome(r)}`
      : `Attached is ${r.schoolName}'s invoice ${r.documentNumber} for the ${r.olympiadTitle}: ${total}, due ${r.dueOn ?? 'on receipt'}. Pay into the bank account on the invoice and quote the reference ${r.paymentReference}.`;
    const id = await deps.mailer.enqueue(q, {
      kind: credit ? 'credit-note' : 'invoice',
      to: c.email,
      userId: c.id,
      olympiadId: r.olympiadId,
      subject: `${what}: ${r.olympiadTitle}, ${r.schoolName}`,
      text: `${hello}\n\n${body}\n\nThe PDF is attached. You can also download it under Invoices in the portal.\n`,
      html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(body)}</p><p>The PDF is attached. You can also download it under Invoices in the portal.</p>`,
      attachmentIds: [attachment!.id],
      status: 'released',
    });
    first ??= id;
  }
  await q.execute(sql`update invoices set mailed_at = now(), email_id = ${first} where id = ${r.id}`);
  return contacts.length;
}

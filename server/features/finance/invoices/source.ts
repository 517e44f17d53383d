import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { type Queryable, rows } from '../../../db/client.js';
import {
  accounts,
  countries,
  invoices,
  olympiads,
  purchaseOrders,
  schoolParticipants,
  schools,
} from '../../../db/schema/index.js';

/** What an invoice prints of its account, and how its numbers and due date are made. */
const IssuingAccount = createSelectSchema(accounts).pick({
  id: true,
  legalName: true,
  registrationNumber: true,
  vatNumber: true,
  vatRateBp: true,
  address: true,
  email: true,
  phone: true,
  bankName: true,
  bankAccountName: true,
  bankAccountNumber: true,
  bankBranchCode: true,
  bankSwift: true,
  invoicePrefix: true,
  referenceRule: true,
  paymentTermsDays: true,
  footer: true,
});
export type IssuingAccount = z.infer<typeof IssuingAccount>;

const order = createSelectSchema(purchaseOrders).shape;
const participant = createSelectSchema(schoolParticipants).shape;
const school = createSelectSchema(schools).shape;
const olympiad = createSelectSchema(olympiads).shape;
const invoice = createSelectSchema(invoices).shape;

/**
 * Everything issuing needs about an order, read under a row lock on the order: its school and olympiad, its
 * learners, its current invoice (`current…`, null when none) and its olympiad's account (null when none).
 */
const IssueSource = z.object({
  id: order.id,
  schoolParticipantId: order.schoolParticipantId,
  schoolId: participant.schoolId,
  olympiadId: participant.olympiadId,
  olympiadTitle: olympiad.title,
  olympiadKind: olympiad.kind,
  year: olympiad.year,
  currency: olympiad.currency,
  feeCents: olympiad.feeCents,
  deletedAt: order.deletedAt,
  schoolsPO: order.schoolsPO,
  freeLearners: order.freeLearners,
  learners: z.number(),
  schoolName: school.name,
  /** The country of a country's team (decision 039). */
  countryName: createSelectSchema(countries).shape.name.nullable(),
  emisNumber: school.emisNumber,
  address: school.address,
  town: school.town,
  province: school.province,
  accountId: olympiad.accountId,
  currentId: invoice.id.nullable(),
  currentDocumentNumber: invoice.documentNumber.nullable(),
  currentLearners: invoice.learners.nullable(),
  currentFreeLearners: invoice.freeLearners.nullable(),
  currentFeeCents: invoice.feeCents.nullable(),
  currentSchoolsPO: invoice.schoolsPO,
  account: IssuingAccount.nullable(),
});
export type IssueSource = z.infer<typeof IssueSource>;

/** The order, its school and olympiad, its current invoice and its account, with the order's row locked. */
export async function lockSource(q: Queryable, orderId: number): Promise<IssueSource | null> {
  const [row] = await rows(
    q,
    IssueSource,
    sql`select po.id, sp.id as school_participant_id, sp.school_id, sp.olympiad_id, o.title as olympiad_title, o.kind as olympiad_kind, o.year, o.currency, o.fee_cents, po.deleted_at,
        po.schools_po as "schoolsPO", po.free_learners,
        (select count(*)::int from users u where u.school_id = sp.school_id and u.olympiad_id = sp.olympiad_id
          and u.role = 'learner') as learners,
        s.name as school_name, (select c.name from countries c where c.id = s.country_id) as country_name, s.emis_number, s.address, s.town, s.province, o.account_id,
        ci.id as current_id, ci.document_number as current_document_number, ci.learners as current_learners,
        ci.free_learners as current_free_learners, ci.fee_cents as current_fee_cents, ci.schools_po as "currentSchoolsPO",
        (select json_build_object('id', a.id, 'legalName', a.legal_name, 'registrationNumber', a.registration_number,
            'vatNumber', a.vat_number, 'vatRateBp', a.vat_rate_bp, 'address', a.address, 'email', a.email,
            'phone', a.phone, 'bankName', a.bank_name, 'bankAccountName', a.bank_account_name,
            'bankAccountNumber', a.bank_account_number, 'bankBranchCode', a.bank_branch_code, 'bankSwift', a.bank_swift,
            'invoicePrefix', a.invoice_prefix, 'referenceRule', a.reference_rule,
            'paymentTermsDays', a.payment_terms_days, 'footer', a.footer)
          from accounts a where a.id = o.account_id) as account
      from purchase_orders po
      join school_participants sp on sp.id = po.school_participant_id
      join schools s on s.id = sp.school_id
      join olympiads o on o.id = sp.olympiad_id
      left join invoices ci on ci.purchase_order_id = po.id and ci.kind = 'invoice' and ci.credited_at is null
      where po.id = ${orderId}
      for update of po`,
  );
  return row ?? null;
}

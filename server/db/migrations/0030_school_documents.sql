-- A school's own document (its invoice or credit note) is mailed as an attachment to that school's teachers only;
-- school_id marks it, so that the mass-mail library never lists it nor lets a mailing send it to everyone.
ALTER TABLE "attachments" ADD COLUMN "school_id" integer;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_school_idx" ON "attachments" USING btree ("school_id");--> statement-breakpoint
-- The documents already mailed: the attachment an invoice or credit-note message carried, named as the invoice
-- mail names its PDF, belongs to that document's school.
UPDATE "attachments" a SET "school_id" = sp."school_id"
  FROM "invoices" i
  JOIN "purchase_orders" po ON po."id" = i."purchase_order_id"
  JOIN "school_participants" sp ON sp."id" = po."school_participant_id"
  WHERE a."olympiad_id" = i."olympiad_id"
    AND a."filename" = (CASE WHEN i."kind" = 'credit_note' THEN 'credit-note-' ELSE 'invoice-' END) || i."document_number" || '.pdf'
    AND EXISTS (
      SELECT 1 FROM "emails" e
      WHERE e."kind" IN ('invoice', 'credit-note') AND e."attachment_ids" @> to_jsonb(a."id")
    );

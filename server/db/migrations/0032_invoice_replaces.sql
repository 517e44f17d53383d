-- An invoice issued in place of a credited one names the invoice it replaces, so that the credit note can say
-- from what is stored which invoice replaced the one it cancels, or that none did.
ALTER TABLE "invoices" ADD COLUMN "replaces_invoice_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_replaces_uq" ON "invoices" USING btree ("replaces_invoice_id") WHERE "invoices"."replaces_invoice_id" is not null;--> statement-breakpoint
-- The documents issued before: a credit note and the invoice that replaced it were written in one transaction,
-- so both carry that transaction's issued_at; a credit note that stood alone has no invoice beside it.
UPDATE "invoices" n SET "replaces_invoice_id" = cn."credits_invoice_id"
  FROM "invoices" cn
  WHERE cn."kind" = 'credit_note' AND n."kind" = 'invoice'
    AND n."purchase_order_id" = cn."purchase_order_id" AND n."issued_at" = cn."issued_at" AND n."id" > cn."id";

-- A system message's saved wording is in one language (decision 097): the wordings saved so far are English; an Afrikaans one is saved beside each.
DROP INDEX "email_templates_kind_scope_uq";--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_kind_scope_uq" ON "email_templates" USING btree ("kind",coalesce("olympiad_id", 0),"language");--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_language_ck" CHECK ("email_templates"."language" in ('en', 'af'));
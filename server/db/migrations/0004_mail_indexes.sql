CREATE INDEX "emails_sent_at_idx" ON "emails" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "emails_unsubscribe_ref_idx" ON "emails" USING btree ("unsubscribe_ref");
CREATE TABLE "email_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"response" text,
	"worker" text,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"filename" text NOT NULL,
	"olympiad_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bounces" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"email_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bounces_kind_ck" CHECK ("bounces"."kind" in ('hard', 'soft', 'complaint'))
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"olympiad_id" integer,
	"subject" text NOT NULL,
	"html_body" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mass_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"olympiad_id" integer,
	"subject" text NOT NULL,
	"html_body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	CONSTRAINT "mass_mails_status_ck" CHECK ("mass_mails"."status" in ('draft', 'queued'))
);
--> statement-breakpoint
CREATE TABLE "unsubscribes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"olympiad_id" integer,
	"mass_mail_id" integer,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"olympiad_id" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_filename_unique" UNIQUE("filename")
);
--> statement-breakpoint
ALTER TABLE "emails" DROP CONSTRAINT "emails_status_ck";--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "transport" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "mass_mail_id" integer;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "unsubscribe_ref" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_attempts" ADD CONSTRAINT "email_attempts_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_mails" ADD CONSTRAINT "mass_mails_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_mails" ADD CONSTRAINT "mass_mails_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD CONSTRAINT "unsubscribes_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD CONSTRAINT "unsubscribes_mass_mail_id_mass_mails_id_fk" FOREIGN KEY ("mass_mail_id") REFERENCES "public"."mass_mails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_attempts_email_idx" ON "email_attempts" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "attachments_olympiad_idx" ON "attachments" USING btree ("olympiad_id","created_at");--> statement-breakpoint
CREATE INDEX "bounces_email_idx" ON "bounces" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "bounces_created_idx" ON "bounces" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_kind_scope_uq" ON "email_templates" USING btree ("kind",coalesce("olympiad_id", 0));--> statement-breakpoint
CREATE INDEX "mass_mails_olympiad_idx" ON "mass_mails" USING btree ("olympiad_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribes_email_scope_uq" ON "unsubscribes" USING btree (lower("email"),coalesce("olympiad_id", 0));--> statement-breakpoint
CREATE INDEX "unsubscribes_olympiad_idx" ON "unsubscribes" USING btree ("olympiad_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_olympiad_idx" ON "uploads" USING btree ("olympiad_id","created_at");--> statement-breakpoint
CREATE INDEX "emails_due_idx" ON "emails" USING btree ("next_attempt_at","id") WHERE "emails"."status" = 'released';--> statement-breakpoint
CREATE INDEX "emails_sending_idx" ON "emails" USING btree ("locked_at") WHERE "emails"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "emails_mass_mail_idx" ON "emails" USING btree ("mass_mail_id","status");--> statement-breakpoint
CREATE INDEX "emails_olympiad_idx" ON "emails" USING btree ("olympiad_id","created_at");--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_status_ck" CHECK ("emails"."status" in ('held', 'released', 'sending', 'sent', 'outbox', 'failed', 'suppressed'));--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "error";

CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "app_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"key" text NOT NULL,
	"message" text NOT NULL,
	"req_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signin_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"olympiad_id" integer,
	"school_id" integer,
	"user_id" integer,
	"username" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
CREATE INDEX "app_log_key_at_idx" ON "app_log" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "app_log_at_idx" ON "app_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "app_log_req_idx" ON "app_log" USING btree ("req_id");--> statement-breakpoint
CREATE INDEX "app_log_message_trgm_idx" ON "app_log" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signin_failures_at_idx" ON "signin_failures" USING btree ("at");--> statement-breakpoint
CREATE INDEX "signin_failures_olympiad_at_idx" ON "signin_failures" USING btree ("olympiad_id","at");--> statement-breakpoint
CREATE INDEX "schools_name_trgm_idx" ON "schools" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schools_emis_trgm_idx" ON "schools" USING gin (lower("emis_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_impersonator_idx" ON "audit_log" USING btree ("impersonator_id","at");--> statement-breakpoint
CREATE INDEX "emails_to_trgm_idx" ON "emails" USING gin (lower("to_address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "eoi_school_name_trgm_idx" ON "expressions_of_interest" USING gin (lower("school_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "eoi_teacher_email_trgm_idx" ON "expressions_of_interest" USING gin (lower("teacher_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");
CREATE TABLE "attempt_moderations" (
	"attempt_id" integer PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"decision" text NOT NULL,
	"adjusted_score" real,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_moderations_decision_ck" CHECK ("attempt_moderations"."decision" in ('cleared', 'adjusted', 'disqualified', 'reset')),
	CONSTRAINT "attempt_moderations_adjusted_ck" CHECK (("attempt_moderations"."decision" = 'adjusted') = ("attempt_moderations"."adjusted_score" is not null) and coalesce("attempt_moderations"."adjusted_score", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "certificate_batches" (
	"school_participant_id" integer PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"file_key" text,
	"certificates" integer DEFAULT 0 NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"generated_at" timestamp with time zone,
	"send_state" text,
	"mail_id" integer,
	"sent_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "certificate_batches_send_ck" CHECK ("certificate_batches"."send_state" is null or "certificate_batches"."send_state" in ('pending', 'queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "certificate_configs" (
	"olympiad_id" integer PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"school_participant_id" integer,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"learner_name" text NOT NULL,
	"school_name" text DEFAULT '' NOT NULL,
	"grade" integer,
	"award_label" text NOT NULL,
	"score" real,
	"percent" real,
	"rank" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "learner_results" (
	"attempt_id" integer PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"school_participant_id" integer,
	"grade" integer,
	"province" text,
	"score" real NOT NULL,
	"max_score" real NOT NULL,
	"percent" real NOT NULL,
	"percentile" real NOT NULL,
	"rank" integer NOT NULL,
	"grade_rank" integer,
	"province_rank" integer,
	"award" text NOT NULL,
	"best_in_school" boolean DEFAULT false NOT NULL,
	"module_scores" jsonb,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"kind" text NOT NULL,
	"other_attempt_id" integer,
	"strength" real NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_flags_kind_ck" CHECK ("moderation_flags"."kind" in ('similarity', 'fast_finish', 'ip_changes', 'concurrent_sessions'))
);
--> statement-breakpoint
CREATE TABLE "olympiad_results" (
	"olympiad_id" integer PRIMARY KEY NOT NULL,
	"award_rule" jsonb,
	"moderation_settings" jsonb,
	"top_schools_best_n" integer DEFAULT 5 NOT NULL,
	"flags_computed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "olympiad_results_best_n_ck" CHECK ("olympiad_results"."top_schools_best_n" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "attempt_moderations" ADD CONSTRAINT "attempt_moderations_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_moderations" ADD CONSTRAINT "attempt_moderations_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_moderations" ADD CONSTRAINT "attempt_moderations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_batches" ADD CONSTRAINT "certificate_batches_school_participant_id_school_participants_id_fk" FOREIGN KEY ("school_participant_id") REFERENCES "public"."school_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_batches" ADD CONSTRAINT "certificate_batches_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_configs" ADD CONSTRAINT "certificate_configs_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_configs" ADD CONSTRAINT "certificate_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_school_participant_id_school_participants_id_fk" FOREIGN KEY ("school_participant_id") REFERENCES "public"."school_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_results" ADD CONSTRAINT "learner_results_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_results" ADD CONSTRAINT "learner_results_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_results" ADD CONSTRAINT "learner_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_results" ADD CONSTRAINT "learner_results_school_participant_id_school_participants_id_fk" FOREIGN KEY ("school_participant_id") REFERENCES "public"."school_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_other_attempt_id_attempts_id_fk" FOREIGN KEY ("other_attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_results" ADD CONSTRAINT "olympiad_results_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olympiad_results" ADD CONSTRAINT "olympiad_results_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_moderations_olympiad_idx" ON "attempt_moderations" USING btree ("olympiad_id");--> statement-breakpoint
CREATE INDEX "certificate_batches_olympiad_idx" ON "certificate_batches" USING btree ("olympiad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_attempt_uq" ON "certificates" USING btree ("attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_uq" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "certificates_olympiad_idx" ON "certificates" USING btree ("olympiad_id");--> statement-breakpoint
CREATE INDEX "certificates_participant_idx" ON "certificates" USING btree ("school_participant_id");--> statement-breakpoint
CREATE INDEX "learner_results_olympiad_rank_idx" ON "learner_results" USING btree ("olympiad_id","rank");--> statement-breakpoint
CREATE INDEX "learner_results_participant_idx" ON "learner_results" USING btree ("school_participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_flags_uq" ON "moderation_flags" USING btree ("attempt_id","kind",coalesce("other_attempt_id", 0));--> statement-breakpoint
CREATE INDEX "moderation_flags_olympiad_idx" ON "moderation_flags" USING btree ("olympiad_id","kind");--> statement-breakpoint
CREATE INDEX "moderation_flags_other_idx" ON "moderation_flags" USING btree ("other_attempt_id");
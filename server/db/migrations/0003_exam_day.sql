CREATE TABLE "question_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"prompt" text NOT NULL,
	"image_url" text,
	"image_alt" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_key" jsonb,
	"marks" integer DEFAULT 1 NOT NULL,
	"difficulty" text,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"last_edited_by" integer,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_type_ck" CHECK ("questions"."type" in ('single', 'multiple', 'true_false', 'numeric', 'short_text')),
	CONSTRAINT "questions_marks_ck" CHECK ("questions"."marks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"marks_awarded" real,
	CONSTRAINT "answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"declaration_accepted_at" timestamp with time zone,
	"recovery_pin_hash" text,
	"pin_issued_at" timestamp with time zone,
	"details_confirmed_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"finish_reason" text,
	"position" jsonb,
	"score" real,
	"max_score" real,
	"module_scores" jsonb,
	"marked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"last_ip" text,
	"ip_changes" integer DEFAULT 0 NOT NULL,
	"feedback_rating" integer,
	"feedback_comment" text,
	"feedback_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempts_finish_reason_ck" CHECK ("attempts"."finish_reason" is null or "attempts"."finish_reason" in ('submitted', 'time_up', 'admin')),
	CONSTRAINT "attempts_extra_minutes_ck" CHECK ("attempts"."extra_minutes" >= 0),
	CONSTRAINT "attempts_rating_ck" CHECK ("attempts"."feedback_rating" is null or "attempts"."feedback_rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "olympiads" ADD COLUMN "instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "olympiads" ADD COLUMN "declaration" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "olympiads" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "olympiads" ADD COLUMN "show_score" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "question_modules" ADD CONSTRAINT "question_modules_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_module_id_question_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."question_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_last_edited_by_users_id_fk" FOREIGN KEY ("last_edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_modules_olympiad_idx" ON "question_modules" USING btree ("olympiad_id","position");--> statement-breakpoint
CREATE INDEX "questions_module_idx" ON "questions" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "answers_question_idx" ON "answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_olympiad_user_uq" ON "attempts" USING btree ("olympiad_id","user_id");--> statement-breakpoint
CREATE INDEX "attempts_user_idx" ON "attempts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "attempts_overdue_idx" ON "attempts" USING btree ("deadline_at") WHERE "attempts"."finished_at" is null and "attempts"."deadline_at" is not null;
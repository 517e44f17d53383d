CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"olympiad_id" integer,
	"project_id" integer,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faqs_audience_ck" CHECK ("faqs"."audience" in ('portal', 'olympiad', 'project')),
	CONSTRAINT "faqs_olympiad_ck" CHECK (("faqs"."audience" = 'olympiad') = ("faqs"."olympiad_id" is not null)),
	CONSTRAINT "faqs_project_ck" CHECK (("faqs"."audience" = 'project') = ("faqs"."project_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"label" text DEFAULT '' NOT NULL,
	"error" text,
	"phase" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"olympiad_id" integer,
	"school_id" integer,
	"created_by" integer,
	"locked_by" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_ck" CHECK ("jobs"."status" in ('held', 'queued', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_progress_ck" CHECK ("jobs"."done" >= 0 and "jobs"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faqs_group_idx" ON "faqs" USING btree ("audience","olympiad_id","project_id","position");--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("id") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("heartbeat_at") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_school_idx" ON "jobs" USING btree ("school_id","olympiad_id");--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at");
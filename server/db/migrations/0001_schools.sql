CREATE TABLE "expressions_of_interest" (
	"id" serial PRIMARY KEY NOT NULL,
	"olympiad_id" integer,
	"project_name" text,
	"school_name" text NOT NULL,
	"emis_number" text,
	"province" text,
	"town" text,
	"school_phone" text,
	"teacher_first_name" text NOT NULL,
	"teacher_last_name" text NOT NULL,
	"teacher_email" text NOT NULL,
	"teacher_phone" text,
	"learner_estimate" integer,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"school_id" integer,
	"teacher_id" integer,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eoi_status_ck" CHECK ("expressions_of_interest"."status" in ('pending', 'processed', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "school_participants" ADD COLUMN "status" text DEFAULT 'entered' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_participants" ADD COLUMN "entered_by" integer;--> statement-breakpoint
ALTER TABLE "school_participants" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "initial_password_enc" text;--> statement-breakpoint
ALTER TABLE "expressions_of_interest" ADD CONSTRAINT "expressions_of_interest_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expressions_of_interest" ADD CONSTRAINT "expressions_of_interest_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expressions_of_interest" ADD CONSTRAINT "expressions_of_interest_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expressions_of_interest" ADD CONSTRAINT "expressions_of_interest_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eoi_status_created_idx" ON "expressions_of_interest" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "eoi_olympiad_idx" ON "expressions_of_interest" USING btree ("olympiad_id");--> statement-breakpoint
CREATE INDEX "school_participants_school_idx" ON "school_participants" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "schools_lower_name_idx" ON "schools" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "users_school_olympiad_idx" ON "users" USING btree ("school_id","olympiad_id");--> statement-breakpoint
ALTER TABLE "school_participants" ADD CONSTRAINT "school_participants_status_ck" CHECK ("school_participants"."status" in ('entered', 'learners_loaded', 'withdrawn'));
CREATE TABLE "useful_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"name" text NOT NULL,
	"organisation" text,
	"role" text,
	"email" text,
	"phone" text,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_participant_id" integer NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"pre_approved" boolean DEFAULT false NOT NULL,
	"schools_po" text,
	"free_learners" integer DEFAULT 0 NOT NULL,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_free_ck" CHECK ("purchase_orders"."free_learners" >= 0),
	CONSTRAINT "purchase_orders_state_ck" CHECK (not ("purchase_orders"."paid" and "purchase_orders"."pre_approved"))
);
--> statement-breakpoint
ALTER TABLE "mass_mails" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mass_mails" ADD COLUMN "schedule_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "useful_contacts" ADD CONSTRAINT "useful_contacts_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "useful_contacts" ADD CONSTRAINT "useful_contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_school_participant_id_school_participants_id_fk" FOREIGN KEY ("school_participant_id") REFERENCES "public"."school_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "useful_contacts_olympiad_idx" ON "useful_contacts" USING btree ("olympiad_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "useful_contacts_email_uq" ON "useful_contacts" USING btree ("olympiad_id",lower("email")) WHERE "useful_contacts"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_live_uq" ON "purchase_orders" USING btree ("school_participant_id") WHERE "purchase_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "purchase_orders_participant_idx" ON "purchase_orders" USING btree ("school_participant_id");--> statement-breakpoint
CREATE INDEX "mass_mails_due_idx" ON "mass_mails" USING btree ("scheduled_for") WHERE "mass_mails"."status" = 'queued' and "mass_mails"."schedule_released_at" is null;--> statement-breakpoint
-- Every school already entered in an olympiad gets its purchase order (decision 020).
INSERT INTO "purchase_orders" ("school_participant_id") SELECT "id" FROM "school_participants";

CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_code_ck" CHECK ("countries"."code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "country_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"olympiad_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"school_participant_id" integer NOT NULL,
	"leaders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "olympiads" ADD COLUMN "team_size" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "country_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "country_participants" ADD CONSTRAINT "country_participants_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_participants" ADD CONSTRAINT "country_participants_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_participants" ADD CONSTRAINT "country_participants_school_participant_id_school_participants_id_fk" FOREIGN KEY ("school_participant_id") REFERENCES "public"."school_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_uq" ON "countries" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_lower_name_uq" ON "countries" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "country_participants_uq" ON "country_participants" USING btree ("olympiad_id","country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "country_participants_entry_uq" ON "country_participants" USING btree ("school_participant_id");--> statement-breakpoint
CREATE INDEX "country_participants_country_idx" ON "country_participants" USING btree ("country_id");--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schools_country_uq" ON "schools" USING btree ("country_id") WHERE "schools"."country_id" is not null;--> statement-breakpoint
ALTER TABLE "olympiads" ADD CONSTRAINT "olympiads_team_size_ck" CHECK ("olympiads"."team_size" between 1 and 50);
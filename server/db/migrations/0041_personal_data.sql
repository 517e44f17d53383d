-- Personal data of learners (decision 108): how long an olympiad keeps it after its results are published, who
-- forgot a learner and when, and the overlord's confirmation that lets the retention job act on an olympiad.
ALTER TABLE "olympiads" ADD COLUMN "retention_months" integer DEFAULT 24 NOT NULL;
--> statement-breakpoint
ALTER TABLE "olympiads" ADD CONSTRAINT "olympiads_retention_months_ck" CHECK ("retention_months" between 1 and 240);
--> statement-breakpoint
CREATE TABLE "learner_erasures" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"olympiad_id" integer NOT NULL REFERENCES "olympiads"("id") ON DELETE cascade,
	"label" text NOT NULL,
	"reason" text NOT NULL,
	"forgotten_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forgotten_by" integer REFERENCES "users"("id") ON DELETE set null,
	"removed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "learner_erasures_reason_ck" CHECK ("reason" in ('request', 'retention'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "learner_erasures_label_uq" ON "learner_erasures" ("olympiad_id", "label");
--> statement-breakpoint
CREATE TABLE "retention_confirmations" (
	"olympiad_id" integer PRIMARY KEY NOT NULL REFERENCES "olympiads"("id") ON DELETE cascade,
	"confirmed_by" integer REFERENCES "users"("id") ON DELETE set null,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"learners_seen" integer NOT NULL,
	"acted_at" timestamp with time zone,
	"anonymised" integer
);

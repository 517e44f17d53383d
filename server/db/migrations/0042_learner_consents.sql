-- Consent for a learner's personal data (decision 109): the teacher's or admin's confirmation, when the learner was
-- loaded, that the school holds the consent of a parent or guardian. A learner belongs to one olympiad, so one row
-- per learner is one per learner per olympiad; who confirmed, when, and how (the form or a spreadsheet import).
CREATE TABLE "learner_consents" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"olympiad_id" integer NOT NULL REFERENCES "olympiads"("id") ON DELETE cascade,
	"confirmed_by" integer REFERENCES "users"("id") ON DELETE set null,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	CONSTRAINT "learner_consents_method_ck" CHECK ("method" in ('form', 'import'))
);
--> statement-breakpoint
CREATE INDEX "learner_consents_olympiad_idx" ON "learner_consents" ("olympiad_id");

-- An olympiad is offered in English, Afrikaans or both, with the language a learner starts in; an attempt keeps the language the learner writes in, a person the language they read Olympus and its mail in, and a project the language of its public pages (decision 090). Codes the pages cannot speak are dropped; an olympiad left with none is English.
ALTER TABLE "olympiads" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
UPDATE "olympiads" SET "languages" = coalesce(nullif(array(select l from unnest("languages") as l where l in ('en', 'af')), '{}'), '{en}');--> statement-breakpoint
UPDATE "olympiads" SET "default_language" = "languages"[1];--> statement-breakpoint
ALTER TABLE "olympiads" ADD CONSTRAINT "olympiads_languages_ck" CHECK ("olympiads"."languages" <@ array['en', 'af']::text[] and cardinality("olympiads"."languages") > 0 and "olympiads"."default_language" = any("olympiads"."languages"));--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_language_ck" CHECK ("attempts"."language" is null or "attempts"."language" in ('en', 'af'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_ck" CHECK ("users"."language" is null or "users"."language" in ('en', 'af'));

ALTER TABLE "olympiads" ADD COLUMN "min_grade" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "olympiads" ADD COLUMN "max_grade" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "olympiads" ADD CONSTRAINT "olympiads_grades_ck" CHECK ("olympiads"."min_grade" between 1 and 12 and "olympiads"."max_grade" between 1 and 12 and "olympiads"."min_grade" <= "olympiads"."max_grade");

-- The interactions QTI names beside the first five types (decision 084): a picture measured in its own pixels, a second set of places, gaps or items, a text with gaps and how many areas a learner may choose.
ALTER TABLE "questions" DROP CONSTRAINT "questions_type_ck";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "targets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "gap_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "max_choices" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_type_ck" CHECK ("questions"."type" in ('single', 'multiple', 'true_false', 'numeric', 'short_text', 'hotspot', 'select_point', 'graphic_gap_match', 'gap_match', 'order', 'match', 'inline_choice'));
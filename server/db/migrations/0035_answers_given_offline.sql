-- When each answer was given on the learner's device (on the server's clock) and whether it arrived after the deadline, counted because it was given before it (decision 087). Old rows keep given_at null: given when saved.
ALTER TABLE "answers" ADD COLUMN "given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "synced_late" boolean DEFAULT false NOT NULL;
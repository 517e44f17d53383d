-- The feedback report's rating counts under a grade or school filter (decision 046): the olympiad's feedback rows with
-- their learner and rating, and the olympiad's learners by grade, each read from its index alone and merged on the
-- learner's id, instead of every learner and every attempt of the olympiad.
CREATE INDEX "attempts_feedback_user_idx" ON "attempts" USING btree ("olympiad_id","user_id","feedback_rating") WHERE "attempts"."feedback_at" is not null;--> statement-breakpoint
CREATE INDEX "users_learner_grade_idx" ON "users" USING btree ("olympiad_id","grade","id") WHERE "users"."olympiad_id" is not null;

-- A choice question may keep its options in the order written (QTI shuffle="false"); every question so far allowed the olympiad to shuffle them.
ALTER TABLE "questions" ADD COLUMN "shuffle" boolean DEFAULT true NOT NULL;

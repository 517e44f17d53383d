-- When a session was last used (decision 107): nullable and without a default, so the version before, which opens sessions without it, keeps working; a session never seen since sign-in shows its sign-in time.
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;

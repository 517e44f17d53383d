-- Two-factor sign-in for staff (decision 106): one row a user with their time-based secret (sealed under APP_SECRET;
-- `pending_secret` while they enrol, `secret` once a code confirmed it) and the last time step a code was accepted
-- at, so no code is taken twice; their recovery codes as keyed hashes, each used once.
CREATE TABLE "user_two_factor" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recovery_codes_uq" ON "two_factor_recovery_codes" ("user_id", "code_hash");
--> statement-breakpoint
-- A session of a role that must use two-factor sign-in, opened before its holder enrolled: good only for enrolling.
-- The check only widens (the version before never writes the new value; a process of it meeting such a session
-- fails to read its scope and answers 500, never access).
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_scope_ck";
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_scope_ck" CHECK ("sessions"."scope" in ('full', 'set_password', 'two_factor_enrol'));

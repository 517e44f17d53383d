CREATE TABLE "waiting_places" (
	"olympiad_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ticket" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_places_olympiad_id_user_id_pk" PRIMARY KEY("olympiad_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "waiting_rooms" (
	"olympiad_id" integer PRIMARY KEY NOT NULL,
	"joined" bigint DEFAULT 0 NOT NULL,
	"admitted" bigint DEFAULT 0 NOT NULL,
	"tokens" real DEFAULT 0 NOT NULL,
	"refilled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admissions_per_second" integer,
	CONSTRAINT "waiting_rooms_admitted_ck" CHECK ("waiting_rooms"."admitted" <= "waiting_rooms"."joined"),
	CONSTRAINT "waiting_rooms_rate_ck" CHECK ("waiting_rooms"."admissions_per_second" is null or "waiting_rooms"."admissions_per_second" >= 0)
);
--> statement-breakpoint
ALTER TABLE "waiting_places" ADD CONSTRAINT "waiting_places_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_places" ADD CONSTRAINT "waiting_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_olympiad_id_olympiads_id_fk" FOREIGN KEY ("olympiad_id") REFERENCES "public"."olympiads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_places_user_idx" ON "waiting_places" USING btree ("user_id");
ALTER TABLE "waiting_rooms" ADD COLUMN "adaptive_rate" real;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_adaptive_ck" CHECK ("waiting_rooms"."adaptive_rate" is null or "waiting_rooms"."adaptive_rate" >= 0);

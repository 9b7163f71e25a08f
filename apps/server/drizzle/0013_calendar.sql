-- A no-show keeps its row in occupied_times (agendaki_sync_occupied_time, migration 0011, frees
-- only cancelled appointments): until it is marked the client might still come, and once marked
-- the time is past. Nothing to change in the trigger (docs/decisions/014-calendar-and-numbers.md).
CREATE TABLE "calendar_feeds" (
	"professional_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY("professional_id")
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_valid";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_feeds_token_hash_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_valid" CHECK ("appointments"."status" IN ('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'));
CREATE TABLE "waitlist_entries" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"service_ids" uuid[] NOT NULL,
	"dates" varchar(10)[] NOT NULL,
	"last_date" date NOT NULL,
	"periods" varchar(10)[] NOT NULL,
	"range_start" time,
	"range_end" time,
	"client_name" varchar(100) NOT NULL,
	"client_email" varchar(255),
	"client_phone" varchar(20),
	"status" varchar(10) DEFAULT 'waiting' NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"request_key" varchar(100) NOT NULL,
	"visitor_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "waitlist_entries_status_valid" CHECK ("waitlist_entries"."status" IN ('waiting', 'booked', 'left', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"offer_date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"buffer_minutes" smallint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offers_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "waitlist_offers_status_valid" CHECK ("waitlist_offers"."status" IN ('pending', 'accepted', 'declined', 'expired', 'withdrawn')),
	CONSTRAINT "waitlist_offers_end_after_start" CHECK ("waitlist_offers"."end_time" > "waitlist_offers"."start_time")
);
--> statement-breakpoint
CREATE TABLE "waitlist_settings" (
	"professional_id" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hold_minutes" smallint DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_settings_pkey" PRIMARY KEY("professional_id"),
	CONSTRAINT "waitlist_settings_hold_range" CHECK ("waitlist_settings"."hold_minutes" BETWEEN 5 AND 120)
);
--> statement-breakpoint
ALTER TABLE "occupied_times" ADD COLUMN "waitlist_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_fk" FOREIGN KEY ("professional_id","entry_id") REFERENCES "public"."waitlist_entries"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_settings" ADD CONSTRAINT "waitlist_settings_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_token_idx" ON "waitlist_entries" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_request_unique" ON "waitlist_entries" USING btree ("professional_id","request_key");--> statement-breakpoint
CREATE INDEX "waitlist_entries_waiting_idx" ON "waitlist_entries" USING btree ("professional_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_pending" ON "waitlist_offers" USING btree ("professional_id","entry_id") WHERE "waitlist_offers"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_once_per_time" ON "waitlist_offers" USING btree ("professional_id","entry_id","offer_date","start_time");--> statement-breakpoint
CREATE INDEX "waitlist_offers_pending_idx" ON "waitlist_offers" USING btree ("professional_id","status","deadline");--> statement-breakpoint
ALTER TABLE "occupied_times" ADD CONSTRAINT "occupied_times_waitlist_offer_fk" FOREIGN KEY ("professional_id","waitlist_offer_id") REFERENCES "public"."waitlist_offers"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupied_times" ADD CONSTRAINT "occupied_times_waitlist_offer_unique" UNIQUE("professional_id","waitlist_offer_id");--> statement-breakpoint
-- A waiting-list offer holds its time while pending (docs/product.md, Lista de espera): a row of
-- occupied_times, under the one no-overlap constraint with appointments, blocks and Pix holds
-- (docs/decisions/009), written in the offer's own statement, so an overlap fails it (23P01)
-- and two offers never share a time. Leaving 'pending' frees the time in the same statement.
CREATE OR REPLACE FUNCTION agendaki_sync_waitlist_hold() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.status = 'pending') = (OLD.status = 'pending') THEN
      RETURN NULL;
    END IF;
    DELETE FROM "occupied_times"
      WHERE "professional_id" = OLD.professional_id AND "waitlist_offer_id" = OLD.id;
  END IF;
  IF NEW.status = 'pending' THEN
    INSERT INTO "occupied_times" ("professional_id", "waitlist_offer_id", "starts_at", "ends_at", "note")
    VALUES (
      NEW.professional_id,
      NEW.id,
      NEW.offer_date + NEW.start_time,
      NEW.offer_date + NEW.end_time + make_interval(mins => NEW.buffer_minutes),
      'Lista de espera'
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "waitlist_offers_sync_hold" AFTER INSERT OR UPDATE ON "waitlist_offers"
  FOR EACH ROW EXECUTE FUNCTION agendaki_sync_waitlist_hold();
--> statement-breakpoint
-- A hold is the offer's: it is neither an appointment nor a block.
ALTER TABLE "occupied_times" ADD CONSTRAINT "occupied_times_one_owner"
  CHECK ("appointment_id" IS NULL OR "waitlist_offer_id" IS NULL);

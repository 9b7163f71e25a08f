CREATE TABLE "date_exceptions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"note" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_exceptions_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "date_exceptions_times" CHECK (("date_exceptions"."start_time" IS NULL AND "date_exceptions"."end_time" IS NULL) OR ("date_exceptions"."start_time" IS NOT NULL AND "date_exceptions"."end_time" > "date_exceptions"."start_time"))
);
--> statement-breakpoint
CREATE TABLE "occupied_times" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"appointment_id" uuid,
	"starts_at" timestamp NOT NULL,
	"ends_at" timestamp NOT NULL,
	"note" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occupied_times_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "occupied_times_appointment_unique" UNIQUE("professional_id","appointment_id"),
	CONSTRAINT "occupied_times_end_after_start" CHECK ("occupied_times"."ends_at" > "occupied_times"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"note" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "time_off_end_not_before_start" CHECK ("time_off"."end_date" >= "time_off"."start_date")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "state" varchar(2);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "min_notice_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "horizon_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "slot_step" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "max_bookings_per_day" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "booking_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "date_exceptions" ADD CONSTRAINT "date_exceptions_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupied_times" ADD CONSTRAINT "occupied_times_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupied_times" ADD CONSTRAINT "occupied_times_appointment_fk" FOREIGN KEY ("professional_id","appointment_id") REFERENCES "public"."appointments"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "date_exceptions_professional_date_idx" ON "date_exceptions" USING btree ("professional_id","date");--> statement-breakpoint
CREATE INDEX "occupied_times_professional_starts_idx" ON "occupied_times" USING btree ("professional_id","starts_at");--> statement-breakpoint
CREATE INDEX "time_off_professional_end_idx" ON "time_off" USING btree ("professional_id","end_date");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_buffer_range" CHECK ("appointments"."buffer_minutes" BETWEEN 0 AND 120);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_min_notice_range" CHECK ("profiles"."min_notice_minutes" BETWEEN 0 AND 10080);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_horizon_range" CHECK ("profiles"."horizon_days" BETWEEN 1 AND 365);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_slot_step_valid" CHECK ("profiles"."slot_step" IN (0, 15, 30, 60));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_max_bookings_range" CHECK ("profiles"."max_bookings_per_day" BETWEEN 1 AND 100);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buffer_range" CHECK ("services"."buffer_minutes" BETWEEN 0 AND 120);--> statement-breakpoint
-- One no-overlap guarantee for appointments (with their buffers) and blocks
-- (docs/decisions/009-real-week.md): every occupied time is a row of occupied_times, and this
-- constraint decides between any two of them under any concurrency. Half-open ranges.
ALTER TABLE "occupied_times"
  ADD CONSTRAINT "occupied_times_no_overlap"
  EXCLUDE USING gist ("professional_id" WITH =, tsrange("starts_at", "ends_at", '[)') WITH &&);
--> statement-breakpoint
-- An appointment that is not cancelled occupies [date + start, date + end + buffer). The row
-- is written in the appointment's own statement, so an overlap fails that statement (23P01).
CREATE OR REPLACE FUNCTION agendaki_sync_occupied_time() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.professional_id = OLD.professional_id
      AND NEW.appointment_date = OLD.appointment_date
      AND NEW.start_time = OLD.start_time
      AND NEW.end_time = OLD.end_time
      AND NEW.buffer_minutes = OLD.buffer_minutes
      AND (NEW.status = 'cancelled') = (OLD.status = 'cancelled') THEN
      RETURN NULL;
    END IF;
    DELETE FROM "occupied_times"
      WHERE "professional_id" = OLD.professional_id AND "appointment_id" = OLD.id;
  END IF;
  IF NEW.status <> 'cancelled' THEN
    INSERT INTO "occupied_times" ("professional_id", "appointment_id", "starts_at", "ends_at")
    VALUES (
      NEW.professional_id,
      NEW.id,
      NEW.appointment_date + NEW.start_time,
      NEW.appointment_date + NEW.end_time + make_interval(mins => NEW.buffer_minutes)
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_sync_occupied_time" AFTER INSERT OR UPDATE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION agendaki_sync_occupied_time();
--> statement-breakpoint
INSERT INTO "occupied_times" ("professional_id", "appointment_id", "starts_at", "ends_at")
SELECT "professional_id", "id", "appointment_date" + "start_time", "appointment_date" + "end_time"
FROM "appointments" WHERE "status" <> 'cancelled';
--> statement-breakpoint
-- occupied_times_no_overlap now decides; the old constraint would only repeat it without buffers.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";
--> statement-breakpoint
-- The public read cache (docs/decisions/005) hears about blocks as busy-time changes, and
-- about exceptions and time off as changes of the professional's catalog (migration 0007).
CREATE TRIGGER "occupied_times_notify_inserted" AFTER INSERT ON "occupied_times"
  REFERENCING NEW TABLE AS agendaki_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', ':appointments');
--> statement-breakpoint
CREATE TRIGGER "occupied_times_notify_updated" AFTER UPDATE ON "occupied_times"
  REFERENCING NEW TABLE AS agendaki_new_rows OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', ':appointments');
--> statement-breakpoint
CREATE TRIGGER "occupied_times_notify_deleted" AFTER DELETE ON "occupied_times"
  REFERENCING OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', ':appointments');
--> statement-breakpoint
CREATE TRIGGER "occupied_times_notify_truncated" AFTER TRUNCATE ON "occupied_times"
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_all_changed();
--> statement-breakpoint
CREATE TRIGGER "date_exceptions_notify_inserted" AFTER INSERT ON "date_exceptions"
  REFERENCING NEW TABLE AS agendaki_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "date_exceptions_notify_updated" AFTER UPDATE ON "date_exceptions"
  REFERENCING NEW TABLE AS agendaki_new_rows OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "date_exceptions_notify_deleted" AFTER DELETE ON "date_exceptions"
  REFERENCING OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "date_exceptions_notify_truncated" AFTER TRUNCATE ON "date_exceptions"
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_all_changed();
--> statement-breakpoint
CREATE TRIGGER "time_off_notify_inserted" AFTER INSERT ON "time_off"
  REFERENCING NEW TABLE AS agendaki_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "time_off_notify_updated" AFTER UPDATE ON "time_off"
  REFERENCING NEW TABLE AS agendaki_new_rows OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "time_off_notify_deleted" AFTER DELETE ON "time_off"
  REFERENCING OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "time_off_notify_truncated" AFTER TRUNCATE ON "time_off"
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_all_changed();

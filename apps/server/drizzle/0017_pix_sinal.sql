CREATE TABLE "deposits" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"txid" varchar(25) NOT NULL,
	"br_code" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"source" varchar(10),
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "deposits_booking_unique" UNIQUE("professional_id","booking_id"),
	CONSTRAINT "deposits_txid_unique" UNIQUE("professional_id","txid"),
	CONSTRAINT "deposits_status_valid" CHECK ("deposits"."status" IN ('pending', 'received', 'expired', 'cancelled')),
	CONSTRAINT "deposits_source_valid" CHECK ("deposits"."source" IS NULL OR "deposits"."source" IN ('manual', 'psp')),
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount_cents" > 0),
	CONSTRAINT "deposits_txid_format" CHECK ("deposits"."txid" ~ '^[A-Za-z0-9]{1,25}$')
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"professional_id" uuid NOT NULL,
	"pix_key_type" varchar(10) NOT NULL,
	"pix_key" varchar(100) NOT NULL,
	"beneficiary_name" varchar(25) NOT NULL,
	"beneficiary_city" varchar(15) NOT NULL,
	"deposit_mode" varchar(10) DEFAULT 'off' NOT NULL,
	"deposit_fixed_cents" integer DEFAULT 0 NOT NULL,
	"deposit_percent" smallint DEFAULT 0 NOT NULL,
	"window_minutes" smallint DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_pkey" PRIMARY KEY("professional_id"),
	CONSTRAINT "payment_settings_key_type_valid" CHECK ("payment_settings"."pix_key_type" IN ('cpf', 'cnpj', 'email', 'phone', 'random')),
	CONSTRAINT "payment_settings_mode_valid" CHECK ("payment_settings"."deposit_mode" IN ('off', 'fixed', 'percent')),
	CONSTRAINT "payment_settings_percent_range" CHECK ("payment_settings"."deposit_percent" BETWEEN 0 AND 100),
	CONSTRAINT "payment_settings_fixed_range" CHECK ("payment_settings"."deposit_fixed_cents" BETWEEN 0 AND 10000000),
	CONSTRAINT "payment_settings_window_range" CHECK ("payment_settings"."window_minutes" BETWEEN 10 AND 120)
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_valid";--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_professional_status_idx" ON "deposits" USING btree ("professional_id","status","deadline");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_valid" CHECK ("appointments"."status" IN ('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show', 'awaiting_deposit'));--> statement-breakpoint
-- 'awaiting_deposit' holds its time: the occupied_times trigger (migration 0011) writes a row for
-- every status other than 'cancelled', so a booking awaiting its sinal is under the no-overlap
-- guarantee like any other (docs/decisions/017-pix-sinal.md).
SELECT 1;

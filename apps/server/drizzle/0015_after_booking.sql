CREATE TABLE "manage_links" (
	"professional_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"nonce" varchar(32) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"reminded_start" varchar(16),
	"whatsapp_sent_start" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manage_links_pkey" PRIMARY KEY("professional_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "manage_requests" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"request_fingerprint" varchar(64) NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manage_requests_pkey" PRIMARY KEY("professional_id","id")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "address" varchar(300);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cancel_cutoff_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reminder_hours" smallint DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "client_email_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "whatsapp_template" varchar(1000);--> statement-breakpoint
ALTER TABLE "manage_links" ADD CONSTRAINT "manage_links_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manage_requests" ADD CONSTRAINT "manage_requests_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manage_links_token_hash_idx" ON "manage_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "manage_requests_professional_key_unique" ON "manage_requests" USING btree ("professional_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "appointments_professional_booking_idx" ON "appointments" USING btree ("professional_id","booking_id");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_cancel_cutoff_range" CHECK ("profiles"."cancel_cutoff_minutes" BETWEEN 0 AND 10080);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_reminder_hours_valid" CHECK ("profiles"."reminder_hours" IN (0, 2, 24, 48));--> statement-breakpoint
-- Appointments made before bookings had ids: each is a booking of one.
UPDATE "appointments" SET "booking_id" = "id" WHERE "booking_id" IS NULL;

-- The public booking's two gates (docs/decisions/028-booking-gates.md): proof-of-work solutions
-- used once (booking_pow_uses, kept until their challenge expires) and bookings waiting for the
-- code e-mailed to the client (booking_codes), with the professional's switch for the latter.
CREATE TABLE "booking_codes" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"request" jsonb NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_codes_pkey" PRIMARY KEY("professional_id","id")
);
--> statement-breakpoint
CREATE TABLE "booking_pow_uses" (
	"signature" varchar(128) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "booking_email_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_codes" ADD CONSTRAINT "booking_codes_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
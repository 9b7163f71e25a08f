CREATE TABLE "pix_provider_credentials" (
	"professional_id" uuid NOT NULL,
	"provider" varchar(20) NOT NULL,
	"access_token_sealed" text NOT NULL,
	"webhook_secret_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_provider_credentials_pkey" PRIMARY KEY("professional_id"),
	CONSTRAINT "pix_provider_credentials_provider_valid" CHECK ("pix_provider_credentials"."provider" IN ('mercadopago'))
);
--> statement-breakpoint
CREATE TABLE "pix_webhook_events" (
	"professional_id" uuid NOT NULL,
	"event_id" varchar(100) NOT NULL,
	"charge_id" varchar(30) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pix_webhook_events_pkey" PRIMARY KEY("professional_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "pix_provider_credentials" ADD CONSTRAINT "pix_provider_credentials_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_webhook_events" ADD CONSTRAINT "pix_webhook_events_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_webhook_events_received_at_idx" ON "pix_webhook_events" USING btree ("received_at");
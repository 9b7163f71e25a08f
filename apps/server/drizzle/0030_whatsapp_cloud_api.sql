CREATE TABLE "whatsapp_inbound" (
	"professional_id" uuid NOT NULL,
	"wa_message_id" varchar(128) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_inbound_pkey" PRIMARY KEY("professional_id","wa_message_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"client_id" uuid,
	"booking_id" uuid,
	"kind" varchar(20) NOT NULL,
	"template" varchar(60) NOT NULL,
	"to_phone" varchar(16) NOT NULL,
	"params" jsonb NOT NULL,
	"dedupe_key" varchar(200) NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"wa_message_id" varchar(128),
	"error_code" integer,
	"error_text" varchar(300),
	"fallback_mail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "whatsapp_messages_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "whatsapp_messages_status_valid" CHECK ("whatsapp_messages"."status" IN ('queued', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_opt_outs" (
	"professional_id" uuid NOT NULL,
	"phone" varchar(16) NOT NULL,
	"opted_out" boolean NOT NULL,
	"via" varchar(20) NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_opt_outs_pkey" PRIMARY KEY("professional_id","phone")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_settings" (
	"professional_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"send_confirmations" boolean DEFAULT true NOT NULL,
	"send_reminders" boolean DEFAULT true NOT NULL,
	"send_changes" boolean DEFAULT true NOT NULL,
	"send_deposits" boolean DEFAULT true NOT NULL,
	"send_waitlist" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_settings_pkey" PRIMARY KEY("professional_id")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_opt_outs" ADD CONSTRAINT "whatsapp_opt_outs_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_settings" ADD CONSTRAINT "whatsapp_settings_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_dedupe_unique" ON "whatsapp_messages" USING btree ("professional_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_wa_id_idx" ON "whatsapp_messages" USING btree ("wa_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_client_idx" ON "whatsapp_messages" USING btree ("professional_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_booking_idx" ON "whatsapp_messages" USING btree ("professional_id","booking_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_phone_idx" ON "whatsapp_messages" USING btree ("to_phone","created_at");
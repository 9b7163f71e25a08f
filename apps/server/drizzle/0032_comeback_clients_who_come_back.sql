CREATE TABLE "automation_settings" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"return_enabled" boolean DEFAULT false NOT NULL,
	"return_text" varchar(600) NOT NULL,
	"review_enabled" boolean DEFAULT false NOT NULL,
	"review_text" varchar(600) NOT NULL,
	"review_url" varchar(500),
	"missing_text" varchar(600) NOT NULL,
	"birthday_enabled" boolean DEFAULT false NOT NULL,
	"birthday_text" varchar(600) NOT NULL,
	"birthday_hour" integer DEFAULT 9 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_birthdays" (
	"professional_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"birth_date" date NOT NULL,
	"month_day" varchar(5) NOT NULL,
	CONSTRAINT "client_birthdays_pkey" PRIMARY KEY("professional_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "client_consents" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"granted" boolean NOT NULL,
	"via" varchar(20) NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_consents_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "client_consents_purpose_valid" CHECK ("client_consents"."purpose" IN ('marketing', 'health')),
	CONSTRAINT "client_consents_via_valid" CHECK ("client_consents"."via" IN ('unsubscribe_link', 'professional', 'form'))
);
--> statement-breakpoint
CREATE TABLE "client_messages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"source_key" varchar(100) NOT NULL,
	"channel" varchar(20) DEFAULT 'email' NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_messages_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "client_messages_kind_valid" CHECK ("client_messages"."kind" IN ('return', 'birthday', 'review', 'missing'))
);
--> statement-breakpoint
CREATE TABLE "service_return_intervals" (
	"professional_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "service_return_intervals_pkey" PRIMARY KEY("professional_id","service_id"),
	CONSTRAINT "service_return_intervals_days_range" CHECK ("service_return_intervals"."days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
CREATE TABLE "anamnesis_answers" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"sealed_answers" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anamnesis_answers_pkey" PRIMARY KEY("professional_id","id")
);
--> statement-breakpoint
CREATE TABLE "anamnesis_form_versions" (
	"professional_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anamnesis_form_versions_pkey" PRIMARY KEY("professional_id","form_id","version")
);
--> statement-breakpoint
CREATE TABLE "anamnesis_forms" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anamnesis_forms_pkey" PRIMARY KEY("professional_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_anamnesis_forms" (
	"professional_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	CONSTRAINT "service_anamnesis_forms_pkey" PRIMARY KEY("professional_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "automation_settings" ADD CONSTRAINT "automation_settings_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_birthdays" ADD CONSTRAINT "client_birthdays_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_birthdays" ADD CONSTRAINT "client_birthdays_client_fk" FOREIGN KEY ("professional_id","client_id") REFERENCES "public"."clients"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_consents" ADD CONSTRAINT "client_consents_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_consents" ADD CONSTRAINT "client_consents_client_fk" FOREIGN KEY ("professional_id","client_id") REFERENCES "public"."clients"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_client_fk" FOREIGN KEY ("professional_id","client_id") REFERENCES "public"."clients"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_return_intervals" ADD CONSTRAINT "service_return_intervals_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_return_intervals" ADD CONSTRAINT "service_return_intervals_service_fk" FOREIGN KEY ("professional_id","service_id") REFERENCES "public"."services"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anamnesis_answers" ADD CONSTRAINT "anamnesis_answers_client_fk" FOREIGN KEY ("professional_id","client_id") REFERENCES "public"."clients"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anamnesis_answers" ADD CONSTRAINT "anamnesis_answers_version_fk" FOREIGN KEY ("professional_id","form_id","version") REFERENCES "public"."anamnesis_form_versions"("professional_id","form_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anamnesis_form_versions" ADD CONSTRAINT "anamnesis_form_versions_form_fk" FOREIGN KEY ("professional_id","form_id") REFERENCES "public"."anamnesis_forms"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anamnesis_forms" ADD CONSTRAINT "anamnesis_forms_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_anamnesis_forms" ADD CONSTRAINT "service_anamnesis_forms_service_fk" FOREIGN KEY ("professional_id","service_id") REFERENCES "public"."services"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_anamnesis_forms" ADD CONSTRAINT "service_anamnesis_forms_form_fk" FOREIGN KEY ("professional_id","form_id") REFERENCES "public"."anamnesis_forms"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_birthdays_month_day_idx" ON "client_birthdays" USING btree ("professional_id","month_day");--> statement-breakpoint
CREATE INDEX "client_consents_client_idx" ON "client_consents" USING btree ("professional_id","client_id","given_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_messages_source_unique" ON "client_messages" USING btree ("professional_id","kind","source_key");--> statement-breakpoint
CREATE INDEX "client_messages_client_idx" ON "client_messages" USING btree ("professional_id","client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "anamnesis_answers_booking_form_unique" ON "anamnesis_answers" USING btree ("professional_id","booking_id","form_id");--> statement-breakpoint
CREATE INDEX "anamnesis_answers_client_idx" ON "anamnesis_answers" USING btree ("professional_id","client_id");
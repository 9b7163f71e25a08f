CREATE TABLE "appointment_series" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"services" jsonb NOT NULL,
	"frequency" varchar(10) NOT NULL,
	"interval" integer NOT NULL,
	"start_date" date NOT NULL,
	"start_time" time NOT NULL,
	"until_date" date NOT NULL,
	"rule" varchar(200) NOT NULL,
	"generated_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_series_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "appointment_series_frequency" CHECK ("appointment_series"."frequency" IN ('weekly', 'monthly')),
	CONSTRAINT "appointment_series_interval" CHECK ("appointment_series"."interval" BETWEEN 1 AND 4),
	CONSTRAINT "appointment_series_until" CHECK ("appointment_series"."until_date" >= "appointment_series"."start_date")
);
--> statement-breakpoint
CREATE TABLE "series_dates" (
	"professional_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" varchar(12) NOT NULL,
	"to_date" date,
	"to_start_time" time,
	"reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_dates_pkey" PRIMARY KEY("professional_id","series_id","date"),
	CONSTRAINT "series_dates_kind" CHECK ("series_dates"."kind" IN ('skip', 'move', 'impossible')),
	CONSTRAINT "series_dates_move" CHECK ("series_dates"."kind" <> 'move' OR ("series_dates"."to_date" IS NOT NULL AND "series_dates"."to_start_time" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_client_fk" FOREIGN KEY ("professional_id","client_id") REFERENCES "public"."clients"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_dates" ADD CONSTRAINT "series_dates_series_fk" FOREIGN KEY ("professional_id","series_id") REFERENCES "public"."appointment_series"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_professional_series_idx" ON "appointments" USING btree ("professional_id","series_id","appointment_date");
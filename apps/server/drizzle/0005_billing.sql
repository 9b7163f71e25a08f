CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"type" varchar(100) NOT NULL,
	"user_id" text,
	"outcome" varchar(20) NOT NULL,
	"event_created_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_events_outcome_valid" CHECK ("billing_events"."outcome" IN ('applied', 'stale', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "last_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_events_user_idx" ON "billing_events" USING btree ("user_id");
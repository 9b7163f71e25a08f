CREATE TABLE "push_deliveries" (
	"professional_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"event_key" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_pkey" PRIMARY KEY("professional_id","subscription_id","event_key")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" varchar(100) NOT NULL,
	"auth" varchar(32) NOT NULL,
	"label" varchar(60) NOT NULL,
	"disabled_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("professional_id","endpoint"),
	CONSTRAINT "push_subscriptions_endpoint_length" CHECK (length("push_subscriptions"."endpoint") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_fk" FOREIGN KEY ("professional_id","subscription_id") REFERENCES "public"."push_subscriptions"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
-- Caps on the public bookings a day may hold unpaid (awaiting the Pix sinal) or unconfirmed, per
-- professional, and the HMAC of the booking visitor's address to group bursts (docs/decisions/027).
ALTER TABLE "booking_requests" ADD COLUMN "visitor_hash" varchar(32);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "max_unpaid_holds_per_day" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "max_unconfirmed_per_day" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_requests_visitor_idx" ON "booking_requests" USING btree ("professional_id","visitor_hash","created_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_max_unpaid_holds_range" CHECK ("profiles"."max_unpaid_holds_per_day" BETWEEN 1 AND 50);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_max_unconfirmed_range" CHECK ("profiles"."max_unconfirmed_per_day" BETWEEN 1 AND 100);
-- Keys claimed before this migration get an empty fingerprint, which no request's SHA-256 matches:
-- such a key sent again is refused (422) rather than answered with a booking it may not describe.
ALTER TABLE "booking_requests" ADD COLUMN "request_fingerprint" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_requests" ALTER COLUMN "request_fingerprint" DROP DEFAULT;

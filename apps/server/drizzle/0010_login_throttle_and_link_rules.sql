CREATE TABLE "sign_in_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_throttles_reset_at_idx" ON "sign_in_throttles" USING btree ("reset_at");--> statement-breakpoint
-- Links shaped like a UUID, saved before they were refused, get a suffix from their own profile
-- id (36 + 4 characters fit the 40 allowed), so the constraint below holds for old rows too.
UPDATE "profiles" SET "custom_link" = "custom_link" || '-' || substr(replace("id"::text, '-', ''), 1, 3)
WHERE "custom_link" ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_custom_link_not_uuid" CHECK ("profiles"."custom_link" !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$');
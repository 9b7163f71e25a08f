ALTER TABLE "mail_outbox" ADD COLUMN "about_professional_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "about_client_id" uuid;--> statement-breakpoint
CREATE INDEX "mail_outbox_about_idx" ON "mail_outbox" USING btree ("about_professional_id","about_client_id");
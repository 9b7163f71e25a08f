-- The public read cache (features/public-profile/cache.ts, docs/decisions/005) also keeps a
-- professional's Pix sinal settings and whether a PSP is connected, read by every booking: a
-- change to either sends the same notice as a change to the services, from whatever made it.
CREATE TRIGGER "payment_settings_notify_inserted" AFTER INSERT ON "payment_settings"
  REFERENCING NEW TABLE AS agendaki_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "payment_settings_notify_updated" AFTER UPDATE ON "payment_settings"
  REFERENCING NEW TABLE AS agendaki_new_rows OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "payment_settings_notify_deleted" AFTER DELETE ON "payment_settings"
  REFERENCING OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "payment_settings_notify_truncated" AFTER TRUNCATE ON "payment_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_all_changed();
--> statement-breakpoint
CREATE TRIGGER "pix_provider_credentials_notify_inserted" AFTER INSERT ON "pix_provider_credentials"
  REFERENCING NEW TABLE AS agendaki_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "pix_provider_credentials_notify_updated" AFTER UPDATE ON "pix_provider_credentials"
  REFERENCING NEW TABLE AS agendaki_new_rows OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "pix_provider_credentials_notify_deleted" AFTER DELETE ON "pix_provider_credentials"
  REFERENCING OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "pix_provider_credentials_notify_truncated" AFTER TRUNCATE ON "pix_provider_credentials"
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_all_changed();

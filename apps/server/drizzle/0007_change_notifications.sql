-- Every committed change to what the public booking reads (profile, subscription, services,
-- weekly hours, appointments) sends NOTIFY agendaki_professional_changed with the professional's
-- profile id, from whichever app instance, script or psql session made it. Each instance keeps
-- those reads in memory and drops a professional's entries when the notice arrives
-- (features/public-profile/cache.ts, docs/decisions/005). Appointments only change the busy
-- times, so their notice says so: "<profile id>:appointments". PostgreSQL delivers notices at
-- commit, once per distinct payload per transaction, never for a rolled-back one.
-- Statement-level triggers with transition tables: a bulk insert sends one notice per
-- professional, not one per row.
CREATE OR REPLACE FUNCTION agendaki_notify_professional_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: the column naming the professional (profiles.id, or user_id for subscriptions);
  -- TG_ARGV[1]: the suffix of the notice ('' for everything, ':appointments').
  rows_query text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT %1$I AS key FROM agendaki_new_rows'
    WHEN 'DELETE' THEN 'SELECT %1$I AS key FROM agendaki_old_rows'
    ELSE 'SELECT %1$I AS key FROM agendaki_new_rows UNION SELECT %1$I FROM agendaki_old_rows'
  END;
  professional text;
BEGIN
  IF TG_ARGV[0] = 'user_id' THEN
    rows_query := 'SELECT p.id::text FROM profiles p WHERE p.user_id IN ('
      || 'SELECT key FROM (' || rows_query || ') changed)';
  ELSE
    rows_query := 'SELECT DISTINCT key::text FROM (' || rows_query || ') changed';
  END IF;
  FOR professional IN EXECUTE format(rows_query, TG_ARGV[0]) LOOP
    IF professional IS NOT NULL THEN
      PERFORM pg_notify('agendaki_professional_changed', professional || TG_ARGV[1]);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agendaki_notify_all_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agendaki_professional_changed', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_notify_inserted" AFTER INSERT ON "profiles"
  REFERENCING NEW TABLE AS agendaki_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('id', '');
--> statement-breakpoint
CREATE TRIGGER "profiles_notify_updated" AFTER UPDATE ON "profiles"
  REFERENCING NEW TABLE AS agendaki_new_rows OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('id', '');
--> statement-breakpoint
CREATE TRIGGER "profiles_notify_deleted" AFTER DELETE ON "profiles"
  REFERENCING OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('id', '');
--> statement-breakpoint
CREATE TRIGGER "profiles_notify_truncated" AFTER TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_all_changed();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_notify_inserted" AFTER INSERT ON "subscriptions"
  REFERENCING NEW TABLE AS agendaki_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('user_id', '');
--> statement-breakpoint
CREATE TRIGGER "subscriptions_notify_updated" AFTER UPDATE ON "subscriptions"
  REFERENCING NEW TABLE AS agendaki_new_rows OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('user_id', '');
--> statement-breakpoint
CREATE TRIGGER "subscriptions_notify_deleted" AFTER DELETE ON "subscriptions"
  REFERENCING OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('user_id', '');
--> statement-breakpoint
CREATE TRIGGER "subscriptions_notify_truncated" AFTER TRUNCATE ON "subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_all_changed();
--> statement-breakpoint
CREATE TRIGGER "services_notify_inserted" AFTER INSERT ON "services"
  REFERENCING NEW TABLE AS agendaki_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "services_notify_updated" AFTER UPDATE ON "services"
  REFERENCING NEW TABLE AS agendaki_new_rows OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "services_notify_deleted" AFTER DELETE ON "services"
  REFERENCING OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "services_notify_truncated" AFTER TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_all_changed();
--> statement-breakpoint
CREATE TRIGGER "availability_notify_inserted" AFTER INSERT ON "availability"
  REFERENCING NEW TABLE AS agendaki_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "availability_notify_updated" AFTER UPDATE ON "availability"
  REFERENCING NEW TABLE AS agendaki_new_rows OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "availability_notify_deleted" AFTER DELETE ON "availability"
  REFERENCING OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', '');
--> statement-breakpoint
CREATE TRIGGER "availability_notify_truncated" AFTER TRUNCATE ON "availability"
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_all_changed();
--> statement-breakpoint
CREATE TRIGGER "appointments_notify_inserted" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS agendaki_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', ':appointments');
--> statement-breakpoint
CREATE TRIGGER "appointments_notify_updated" AFTER UPDATE ON "appointments"
  REFERENCING NEW TABLE AS agendaki_new_rows OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', ':appointments');
--> statement-breakpoint
CREATE TRIGGER "appointments_notify_deleted" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS agendaki_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_professional_changed('professional_id', ':appointments');
--> statement-breakpoint
CREATE TRIGGER "appointments_notify_truncated" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION agendaki_notify_all_changed();

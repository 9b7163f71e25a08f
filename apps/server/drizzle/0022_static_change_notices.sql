-- The change notices (migration 0007) of the tables whose rows name their professional
-- (appointments, occupied_times, services, availability, exceptions, time off, payment
-- settings) read their transition table with static statements, whose plans PL/pgSQL keeps per
-- table for the session's life. The function built the text of its read and ran it with EXECUTE,
-- which PostgreSQL parsed, analysed and planned on every statement: for a booking, twice (its
-- appointment, and the occupied time the appointment's trigger writes). One appointment insert,
-- its triggers included (`npm run bench:notify-trigger`, EXPLAIN ANALYZE, medians of 100,
-- alternating): 0.24-0.32 ms before, 0.18-0.22 ms after; its own notice trigger 0.021-0.026 ms
-- before, 0.006-0.007 ms after. The notices are the same (test/change-notices.test.ts): one per
-- professional a statement changed, none for a null, sent at commit. Profiles ('id') and
-- subscriptions ('user_id') change rarely and keep the built read.
CREATE OR REPLACE FUNCTION agendaki_notify_professional_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: the column naming the professional (profiles.id, or user_id for subscriptions);
  -- TG_ARGV[1]: the suffix of the notice ('' for everything, ':appointments').
  rows_query text;
  professional text;
BEGIN
  IF TG_ARGV[0] = 'professional_id' THEN
    IF TG_OP = 'INSERT' THEN
      PERFORM pg_notify('agendaki_professional_changed', changed.key || TG_ARGV[1])
        FROM (SELECT DISTINCT n.professional_id::text AS key FROM agendaki_new_rows n) changed
        WHERE changed.key IS NOT NULL;
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('agendaki_professional_changed', changed.key || TG_ARGV[1])
        FROM (SELECT DISTINCT o.professional_id::text AS key FROM agendaki_old_rows o) changed
        WHERE changed.key IS NOT NULL;
    ELSE
      PERFORM pg_notify('agendaki_professional_changed', changed.key || TG_ARGV[1])
        FROM (
          SELECT n.professional_id::text AS key FROM agendaki_new_rows n
          UNION SELECT o.professional_id::text FROM agendaki_old_rows o
        ) changed
        WHERE changed.key IS NOT NULL;
    END IF;
    RETURN NULL;
  END IF;
  rows_query := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT %1$I AS key FROM agendaki_new_rows'
    WHEN 'DELETE' THEN 'SELECT %1$I AS key FROM agendaki_old_rows'
    ELSE 'SELECT %1$I AS key FROM agendaki_new_rows UNION SELECT %1$I FROM agendaki_old_rows'
  END;
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

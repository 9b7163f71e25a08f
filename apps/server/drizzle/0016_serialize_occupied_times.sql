-- Writes of one professional's occupied times wait for each other (docs/decisions/016).
-- An exclusion constraint checks a new row against the others only after putting it in the
-- index, so two transactions inserting overlapping rows at the same moment each wait for the
-- other: PostgreSQL finds the deadlock only after deadlock_timeout (1 s) and fails one. Under a
-- burst of overlapping bookings those seconds chain up. With this lock, taken before the
-- insert and kept to the transaction's end, the second transaction inserts only after the
-- first has committed or rolled back, so the constraint answers at once (23P01 or success).
-- The constraint still decides; the lock only orders the writers of one professional.
CREATE OR REPLACE FUNCTION agendaki_lock_professional_time() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('agendaki:occupied:' || NEW.professional_id::text, 0));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "occupied_times_lock_professional" BEFORE INSERT OR UPDATE ON "occupied_times"
  FOR EACH ROW EXECUTE FUNCTION agendaki_lock_professional_time();

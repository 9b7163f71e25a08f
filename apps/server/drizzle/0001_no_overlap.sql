-- The promise (docs/product.md, The promise: no overlapping appointments): two appointments of one professional whose status is not
-- 'cancelled' never overlap. The database enforces it, so no race between check and insert
-- can double-book. Half-open ranges '[)' let one appointment end exactly when the next begins.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments"
  ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist (
    "professional_id" WITH =,
    tsrange("appointment_date" + "start_time", "appointment_date" + "end_time", '[)') WITH &&
  )
  WHERE ("status" <> 'cancelled');

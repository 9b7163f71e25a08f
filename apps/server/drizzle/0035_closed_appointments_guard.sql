-- A closed appointment is history (docs/decisions/038-money-received.md): until "Reabrir", its
-- status, client, service, price and time stay as closed, it is not deleted (its closing and
-- payments would go with it) and its package session is neither used nor given back. Checked
-- here, whichever feature writes. A deletion cascaded from a client's or an account's deletion
-- (trigger depth above 1) was judged by that deletion.
CREATE OR REPLACE FUNCTION agendaki_is_closed(professional uuid, appointment uuid) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM closings c
                  WHERE c.professional_id = professional AND c.appointment_id = appointment
                    AND c.status = 'closed')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agendaki_appointment_closed_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'UPDATE' OR pg_trigger_depth() = 1)
     AND agendaki_is_closed(OLD.professional_id, OLD.id) THEN
    RAISE EXCEPTION 'appointment % is closed: reopen it first', OLD.id USING ERRCODE = 'AK001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_closed_guard_update
  BEFORE UPDATE OF status, client_id, service_id, appointment_date, start_time, end_time, total_price
  ON appointments FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.client_id IS DISTINCT FROM NEW.client_id
        OR OLD.service_id IS DISTINCT FROM NEW.service_id
        OR OLD.appointment_date IS DISTINCT FROM NEW.appointment_date
        OR OLD.start_time IS DISTINCT FROM NEW.start_time OR OLD.end_time IS DISTINCT FROM NEW.end_time
        OR OLD.total_price IS DISTINCT FROM NEW.total_price)
  EXECUTE FUNCTION agendaki_appointment_closed_guard();
--> statement-breakpoint
-- Named to fire before appointments_package_return_on_delete (triggers fire by name).
CREATE TRIGGER appointments_closed_guard_delete BEFORE DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION agendaki_appointment_closed_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agendaki_package_use_closed_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  use RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN use := OLD; ELSE use := NEW; END IF;
  IF pg_trigger_depth() = 1 AND agendaki_is_closed(use.professional_id, use.appointment_id) THEN
    RAISE EXCEPTION 'appointment % is closed: reopen it first', use.appointment_id
      USING ERRCODE = 'AK001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER package_uses_closed_guard BEFORE INSERT OR DELETE ON package_uses
  FOR EACH ROW EXECUTE FUNCTION agendaki_package_use_closed_guard();
--> statement-breakpoint
-- A client with money recorded (a closed closing, a payment not voided, a package sold) is not
-- deleted with it: "Excluir dados pessoais" erases who she was and keeps the amounts. An
-- account's deletion cascades past this (trigger depth above 1).
CREATE OR REPLACE FUNCTION agendaki_client_money_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1 AND (
       EXISTS (SELECT 1 FROM closings c WHERE c.professional_id = OLD.professional_id
                  AND c.client_id = OLD.id AND c.status = 'closed')
    OR EXISTS (SELECT 1 FROM payments p WHERE p.professional_id = OLD.professional_id
                  AND p.client_id = OLD.id AND p.voided_at IS NULL)
    OR EXISTS (SELECT 1 FROM client_packages cp WHERE cp.professional_id = OLD.professional_id
                  AND cp.client_id = OLD.id)) THEN
    RAISE EXCEPTION 'client % has payments or packages', OLD.id USING ERRCODE = 'AK002';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_money_guard BEFORE DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION agendaki_client_money_guard();

-- What was really paid (docs/decisions/038-money-received.md): closings of appointments and their
-- payments, packages of sessions and their ledger, with the triggers that keep the balance.
CREATE TABLE "client_packages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"sessions_total" smallint NOT NULL,
	"sessions_left" smallint DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"sold_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_packages_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "client_packages_sessions_left_range" CHECK ("client_packages"."sessions_left" >= 0 AND "client_packages"."sessions_left" <= "client_packages"."sessions_total"),
	CONSTRAINT "client_packages_price_range" CHECK ("client_packages"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_ledger" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"client_package_id" uuid NOT NULL,
	"delta" smallint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_ledger_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "package_ledger_kind_valid" CHECK ("package_ledger"."kind" IN ('sale', 'use', 'return', 'expire')),
	CONSTRAINT "package_ledger_delta_sign" CHECK (("package_ledger"."kind" IN ('sale', 'return') AND "package_ledger"."delta" > 0) OR ("package_ledger"."kind" IN ('use', 'expire') AND "package_ledger"."delta" < 0))
);
--> statement-breakpoint
CREATE TABLE "package_services" (
	"professional_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "package_services_pkey" PRIMARY KEY("professional_id","package_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "package_uses" (
	"professional_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"client_package_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_uses_pkey" PRIMARY KEY("professional_id","appointment_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"sessions" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"validity_days" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "packages_sessions_range" CHECK ("packages"."sessions" BETWEEN 1 AND 100),
	CONSTRAINT "packages_price_range" CHECK ("packages"."price_cents" >= 0),
	CONSTRAINT "packages_validity_range" CHECK ("packages"."validity_days" BETWEEN 1 AND 730)
);
--> statement-breakpoint
CREATE TABLE "closing_items" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"closing_id" uuid NOT NULL,
	"service_id" uuid,
	"service_name" varchar(100) NOT NULL,
	"price_cents" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "closing_items_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "closing_items_price_range" CHECK ("closing_items"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "closings" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"status" varchar(10) DEFAULT 'closed' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"discount_percent" smallint,
	"tip_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_on" date NOT NULL,
	"reopen_reason" varchar(500),
	"reopened_at" timestamp with time zone,
	CONSTRAINT "closings_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "closings_status_valid" CHECK ("closings"."status" IN ('closed', 'reopened')),
	CONSTRAINT "closings_amounts_valid" CHECK ("closings"."subtotal_cents" >= 0 AND "closings"."discount_cents" BETWEEN 0 AND "closings"."subtotal_cents" AND "closings"."tip_cents" >= 0 AND "closings"."total_cents" = "closings"."subtotal_cents" - "closings"."discount_cents" + "closings"."tip_cents"),
	CONSTRAINT "closings_reopen_reason" CHECK (("closings"."status" = 'closed') = ("closings"."reopen_reason" IS NULL AND "closings"."reopened_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"closing_id" uuid,
	"client_package_id" uuid,
	"kind" varchar(10) NOT NULL,
	"method" varchar(10) NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"paid_on" date NOT NULL,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_pkey" PRIMARY KEY("professional_id","id"),
	CONSTRAINT "payments_kind_valid" CHECK ("payments"."kind" IN ('closing', 'settle', 'sale')),
	CONSTRAINT "payments_method_valid" CHECK ("payments"."method" IN ('pix', 'cash', 'debit', 'credit', 'deposit', 'package')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_belongs" CHECK (("payments"."kind" = 'sale') = ("payments"."closing_id" IS NULL) AND ("payments"."kind" <> 'sale' OR "payments"."client_package_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_client_fk" FOREIGN KEY ("professional_id","client_id") REFERENCES "public"."clients"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_package_fk" FOREIGN KEY ("professional_id","package_id") REFERENCES "public"."packages"("professional_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_ledger" ADD CONSTRAINT "package_ledger_client_package_fk" FOREIGN KEY ("professional_id","client_package_id") REFERENCES "public"."client_packages"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_services" ADD CONSTRAINT "package_services_package_fk" FOREIGN KEY ("professional_id","package_id") REFERENCES "public"."packages"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_services" ADD CONSTRAINT "package_services_service_fk" FOREIGN KEY ("professional_id","service_id") REFERENCES "public"."services"("professional_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_uses" ADD CONSTRAINT "package_uses_appointment_fk" FOREIGN KEY ("professional_id","appointment_id") REFERENCES "public"."appointments"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_uses" ADD CONSTRAINT "package_uses_client_package_fk" FOREIGN KEY ("professional_id","client_package_id") REFERENCES "public"."client_packages"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_items" ADD CONSTRAINT "closing_items_closing_fk" FOREIGN KEY ("professional_id","closing_id") REFERENCES "public"."closings"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closings" ADD CONSTRAINT "closings_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closings" ADD CONSTRAINT "closings_appointment_fk" FOREIGN KEY ("professional_id","appointment_id") REFERENCES "public"."appointments"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closings" ADD CONSTRAINT "closings_client_fk" FOREIGN KEY ("professional_id","client_id") REFERENCES "public"."clients"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_professional_id_profiles_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_closing_fk" FOREIGN KEY ("professional_id","closing_id") REFERENCES "public"."closings"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_package_fk" FOREIGN KEY ("professional_id","client_package_id") REFERENCES "public"."client_packages"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_fk" FOREIGN KEY ("professional_id","client_id") REFERENCES "public"."clients"("professional_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_packages_client_idx" ON "client_packages" USING btree ("professional_id","client_id");--> statement-breakpoint
CREATE INDEX "package_ledger_client_package_idx" ON "package_ledger" USING btree ("professional_id","client_package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "closings_one_closed_per_appointment" ON "closings" USING btree ("professional_id","appointment_id") WHERE "closings"."status" = 'closed';--> statement-breakpoint
CREATE INDEX "closings_professional_day_idx" ON "closings" USING btree ("professional_id","closed_on");--> statement-breakpoint
CREATE INDEX "closings_client_idx" ON "closings" USING btree ("professional_id","client_id");--> statement-breakpoint
CREATE INDEX "payments_professional_day_idx" ON "payments" USING btree ("professional_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_closing_idx" ON "payments" USING btree ("professional_id","closing_id");--> statement-breakpoint
-- Packages (docs/decisions/038-money-received.md): the ledger keeps the balance. Each entry
-- moves `client_packages.sessions_left` under the row's lock; its CHECK (>= 0) refuses a use of
-- a session that is not there, so two uses of the last session racing give one success.
CREATE OR REPLACE FUNCTION agendaki_package_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_packages SET sessions_left = sessions_left + NEW.delta
   WHERE professional_id = NEW.professional_id AND id = NEW.client_package_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER package_ledger_apply BEFORE INSERT ON package_ledger
  FOR EACH ROW EXECUTE FUNCTION agendaki_package_ledger_apply();
--> statement-breakpoint
-- The ledger is history: an entry is never changed (a correction is a new entry).
CREATE OR REPLACE FUNCTION agendaki_package_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'package_ledger is append-only' USING ERRCODE = '55000';
END $$;
--> statement-breakpoint
CREATE TRIGGER package_ledger_append_only BEFORE UPDATE ON package_ledger
  FOR EACH ROW EXECUTE FUNCTION agendaki_package_ledger_append_only();
--> statement-breakpoint
-- An appointment cancelled (by the professional, or by the client on the manage link before
-- the cutoff) or deleted gives its session back, whoever changed it; an expired package keeps
-- it written off. A no-show keeps the session used.
CREATE OR REPLACE FUNCTION agendaki_package_session_return() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  appt RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN appt := OLD; ELSE appt := NEW; END IF;
  IF EXISTS (SELECT 1 FROM package_uses u
              WHERE u.professional_id = appt.professional_id AND u.appointment_id = appt.id) THEN
    INSERT INTO package_ledger (professional_id, client_package_id, delta, kind, appointment_id)
    SELECT u.professional_id, u.client_package_id, 1, 'return', u.appointment_id
      FROM package_uses u
      JOIN client_packages cp
        ON cp.professional_id = u.professional_id AND cp.id = u.client_package_id
     WHERE u.professional_id = appt.professional_id AND u.appointment_id = appt.id
       AND cp.expired_at IS NULL;
    DELETE FROM package_uses
     WHERE professional_id = appt.professional_id AND appointment_id = appt.id;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_package_return_on_cancel AFTER UPDATE OF status ON appointments
  FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status IS DISTINCT FROM 'cancelled')
  EXECUTE FUNCTION agendaki_package_session_return();
--> statement-breakpoint
CREATE TRIGGER appointments_package_return_on_delete BEFORE DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION agendaki_package_session_return();

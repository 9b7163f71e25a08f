-- Every professional-owned table is keyed by (professional_id, id), so the schema can be
-- distributed by professional_id (Citus requires the distribution column in every primary
-- key, unique index and exclusion constraint; docs/scaling.md). An appointment now references
-- its client and service through the professional too, so the database itself refuses an
-- appointment pointing at another professional's client or service. The foreign keys go first:
-- they depend on the old primary keys' indexes.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_pkey";
--> statement-breakpoint
ALTER TABLE "availability" DROP CONSTRAINT "availability_pkey";
--> statement-breakpoint
ALTER TABLE "booking_requests" DROP CONSTRAINT "booking_requests_pkey";
--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_pkey";
--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_pkey";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_pkey" PRIMARY KEY ("professional_id", "id");
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_pkey" PRIMARY KEY ("professional_id", "id");
--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_pkey" PRIMARY KEY ("professional_id", "id");
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_pkey" PRIMARY KEY ("professional_id", "id");
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_pkey" PRIMARY KEY ("professional_id", "id");
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_fk" FOREIGN KEY ("professional_id", "client_id") REFERENCES "public"."clients" ("professional_id", "id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_fk" FOREIGN KEY ("professional_id", "service_id") REFERENCES "public"."services" ("professional_id", "id") ON DELETE restrict ON UPDATE no action;

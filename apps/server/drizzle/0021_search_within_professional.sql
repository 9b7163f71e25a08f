-- A client or service search is always one professional's. The trigram indexes held every
-- professional's rows under each trigram, so a short term ("ana") walked them all, 44,848 of
-- 50,000 clients in the bench's data, and grew with every account. The professional's id now
-- leads each index (btree_gin indexes a uuid in a GIN index), and a search reads only the
-- rows of the professional who asks. btree_gin is a trusted contrib extension on PostgreSQL 13+
-- and ships with PGlite (docs/decisions/024).
--
-- New rows wait in the index's pending list, which every search of every professional reads
-- until it is merged: after a bench's 4,000 bookings it held 1,127 clients and a digits search
-- cost 0.34 ms instead of 0.14. gin_pending_list_limit (64 kB, from 4 MB) keeps it to a few
-- dozen rows, merged by the insert that fills it.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX "clients_search_trgm_idx";--> statement-breakpoint
DROP INDEX "services_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("professional_id",agendaki_client_search_text("name", "email", "phone") gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "services_name_trgm_idx" ON "services" USING gin ("professional_id",agendaki_unaccent(lower("name")) gin_trgm_ops) WITH (gin_pending_list_limit=64);
